// Training as a model needs it: split once, train a fine-tuned or few-shot head, evaluate it on the held-out part.
import type { ModelMetrics } from '../shared/types.js';
import { evaluate, argmaxRows, toModelMetrics, type Evaluation } from './evaluation.js';
import { trainFewShotHead, type FewShotOptions } from './few-shot.js';
import { forward, type HeadParameters } from './head-parameters.js';
import { stratifiedSplit, type Split } from './split.js';
import { trainHead, type LabelledEmbedding, type TrainOptions } from './trainer.js';

export type TrainedHeadKind = 'fine-tuned' | 'few-shot';

export interface FitOptions {
  kind: TrainedHeadKind;
  /** Share of every label's examples held out for evaluation (default 0.2). */
  holdoutFraction?: number;
  /** Fixes the split and the training (default 0). */
  seed?: number;
  /** Fine-tuned only; its seed is the fit's. */
  train?: Omit<TrainOptions, 'seed'>;
  /** Few-shot only. */
  fewShot?: FewShotOptions;
}

export interface FittedHead {
  /** The head to serve (see trainedOn). */
  parameters: HeadParameters;
  /** Scores on the held-out examples; null scores when none could be held out. */
  evaluation: Evaluation;
  /** The same, in the Model's form. */
  metrics: ModelMetrics;
  split: Split;
  /** Examples the served head learned from. */
  trainingExamples: number;
  /**
   * 'train-part': the evaluated head is served (fine-tuned). 'all': a few-shot head is refit on every example
   * after its evaluation, since with a handful per label each one counts; its metrics are then those of the
   * same recipe on fewer examples, a conservative estimate.
   */
  trainedOn: 'train-part' | 'all';
  /** Fine-tuned only: epochs run and whether early stopping ended the run. */
  epochs?: number;
  stoppedEarly?: boolean;
}

/** Splits the examples (stratified, by seed), trains the head on the training part and scores it on the rest. */
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
  if (options.kind === 'few-shot') {
    const evaluation = score(trainFewShotHead(train, labels, options.fewShot));
    const parameters = trainFewShotHead(examples, labels, options.fewShot);
    return {
      parameters,
      evaluation,
      metrics: toModelMetrics(evaluation),
      split,
      trainingExamples: examples.length,
      trainedOn: 'all',
    };
  }
  const trained = await trainHead(train, labels, { ...options.train, seed });
  const evaluation = score(trained.parameters);
  return {
    parameters: trained.parameters,
    evaluation,
    metrics: toModelMetrics(evaluation),
    split,
    trainingExamples: train.length,
    trainedOn: 'train-part',
    epochs: trained.epochs,
    stoppedEarly: trained.stoppedEarly,
  };
}
