// Training as a model needs it: split once, score the recipe on the held-out part, then refit it on every example to serve.
import type { ModelMetrics } from '../shared/types.js';
import { evaluate, argmaxRows, toModelMetrics, type Evaluation } from './evaluation.js';
import { trainFewShotHead, type FewShotOptions } from './few-shot.js';
import { forward, type HeadParameters } from './head-parameters.js';
import { stratifiedSplit, type Split } from './split.js';
import { trainHead, type LabelledEmbedding, type TrainOptions } from './trainer.js';

export type TrainedHeadKind = 'fine-tuned' | 'few-shot';

/**
 * Epochs without improvement before early stopping when the options name none (trainHead's own default): 30 beat
 * 10 and 20 by 2–3 points in 3-fold cross-validation on the training part of both eval sets (use-multi-612).
 */
const DEFAULT_PATIENCE = 30;

export interface FitOptions {
  kind: TrainedHeadKind;
  /** Share of every label's examples held out for evaluation (default 0.2). */
  holdoutFraction?: number;
  /** Fixes the split and the training (default 0). */
  seed?: number;
  /**
   * Fine-tuned only; its seed is the fit's. `onProgress` hears the evaluated run's epochs, then, when a refit
   * follows, the refit's epochs counted again from 1 (its `maxEpochs` is the refit's epoch count).
   */
  train?: Omit<TrainOptions, 'seed'>;
  /** Few-shot only. */
  fewShot?: FewShotOptions;
}

export interface FittedHead {
  /** The head to serve: the recipe fitted on every example (see trainedOn). */
  parameters: HeadParameters;
  /** Scores of the head trained on the training part, on the held-out examples; null scores when none were held out. */
  evaluation: Evaluation;
  /** The same, in the Model's form. */
  metrics: ModelMetrics;
  split: Split;
  /** Examples the served head learned from: every example. */
  trainingExamples: number;
  /**
   * Always 'all': the head trained on the training part is scored on the held-out part, then the same recipe is
   * refit on every example and that head is served, since every labelled example counts; the metrics are then those
   * of the same recipe on fewer examples, a conservative estimate. (Versions trained before this refit, whose
   * fine-tuned head was the evaluated one, say 'train-part' in their stored config.)
   */
  trainedOn: 'all';
  /** Fine-tuned only: epochs the evaluated run ran and whether early stopping ended it. */
  epochs?: number;
  stoppedEarly?: boolean;
  /**
   * Fine-tuned only: epochs the served head was refit for on every example, the evaluated run's best epoch (whose
   * parameters it kept). Absent when nothing was held out: the evaluated head already learned every example.
   */
  refitEpochs?: number;
}

/** Splits the examples (stratified, by seed), scores the recipe trained on the training part, then fits it on all. */
export async function fitHead(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FitOptions,
): Promise<FittedHead> {
  const seed = options.seed ?? 0;
  const split = stratifiedSplit(
    examples.map((e) => e.label),
    options.holdoutFraction ?? 0.2,
    seed,
  );
  const train = split.train.map((i) => examples[i] as LabelledEmbedding);
  const heldOut = split.holdout.map((i) => examples[i] as LabelledEmbedding);
  const score = (parameters: HeadParameters) =>
    evaluate(
      heldOut.map((e) => e.label),
      argmaxRows(
        forward(
          parameters,
          heldOut.map((e) => e.embedding),
        ),
      ),
      labels,
    );
  const fitted = { split, trainingExamples: examples.length, trainedOn: 'all' as const };
  if (options.kind === 'few-shot') {
    const evaluation = score(trainFewShotHead(train, labels, options.fewShot));
    const parameters = trainFewShotHead(examples, labels, options.fewShot);
    return { ...fitted, parameters, evaluation, metrics: toModelMetrics(evaluation) };
  }
  const patience = options.train?.patience ?? DEFAULT_PATIENCE;
  const evaluated = await trainHead(train, labels, { ...options.train, patience, seed });
  const evaluation = score(evaluated.parameters);
  const run = { evaluation, metrics: toModelMetrics(evaluation), epochs: evaluated.epochs };
  // Nothing held out (holdout fraction 0, or no label with two examples): the training part is every example, so
  // the one run (early stopping on its own validation slice when one can be carved) is served as is, with null
  // metrics, and no refit follows.
  if (heldOut.length === 0)
    return { ...fitted, ...run, parameters: evaluated.parameters, stoppedEarly: evaluated.stoppedEarly };
  // The evaluated run kept the parameters of its best epoch: `patience` epochs before it stopped early, else its last.
  const refitEpochs = Math.max(1, evaluated.stoppedEarly ? evaluated.epochs - patience : evaluated.epochs);
  // The same recipe and seed on every example for exactly that many epochs: no validation slice, no early stop.
  const refit = await trainHead(examples, labels, {
    ...options.train,
    seed,
    maxEpochs: refitEpochs,
    validationFraction: 0,
    patience: Number.POSITIVE_INFINITY,
  });
  return { ...fitted, ...run, parameters: refit.parameters, stoppedEarly: evaluated.stoppedEarly, refitEpochs };
}
