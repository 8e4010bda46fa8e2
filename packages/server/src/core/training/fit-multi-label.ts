// Multi-label training as a model needs it: cut-offs from out-of-fold scores, metrics on a held-out part, then a refit on every example.
import { seededRandom } from '../shared/seeded-random.js';
import type { ModelMetrics } from '../shared/types.js';
import { forward, type HeadParameters } from './head-parameters.js';
import { decide, DEFAULT_MULTI_LABEL_CUTOFF, fitF1Cutoffs } from './fit-multi-label-cutoffs.js';
import { evaluateMultiLabel, toMultiLabelMetrics } from './multi-label-metrics.js';
import {
  multiHotTargets,
  trainMultiLabelHead,
  type MultiLabelledEmbedding,
  type MultiLabelTrainOptions,
} from './multi-label-trainer.js';
import { shuffled, stratifiedSplit, type Split } from './split.js';

/** Folds of the cross-validation whose out-of-fold scores fit the cut-offs. */
export const CUTOFF_FOLDS = 3;
/** Below this many training examples the cut-offs stay at 0.5 (too few scores to fit them on). */
const MIN_EXAMPLES_FOR_CUTOFFS = 2 * CUTOFF_FOLDS;
const DEFAULT_PATIENCE = 30;

export interface FitMultiLabelOptions {
  /** Share of the examples held out (stratified by each example's first label) for the metrics (default 0.2). */
  holdoutFraction?: number;
  seed?: number;
  /** Its seed is the fit's; `onProgress` hears the evaluated run's epochs, then the refit's, counted again from 1. */
  train?: Omit<MultiLabelTrainOptions, 'seed'>;
}

export interface FittedMultiLabelHead {
  /** The head to serve: the recipe refit on every example; its graph ends in one Sigmoid per label. */
  parameters: HeadParameters;
  /** Label → cut-off, fitted per label to maximise F1 on out-of-fold scores of the training part. */
  cutoffs: Record<string, number>;
  /** 'cross-validation': fitted as above; 'default': too few examples, every cut-off is 0.5. */
  cutoffSource: 'cross-validation' | 'default';
  /** The head trained on the training part, scored on the held-out part with those cut-offs (null scores when none). */
  metrics: ModelMetrics;
  split: Split;
  trainingExamples: number;
  epochs: number;
  stoppedEarly: boolean;
  refitEpochs?: number;
}

/** Fold index of each example, balanced per first label, fixed by the seed. */
function foldsOf(examples: readonly MultiLabelledEmbedding[], folds: number, seed: number): number[] {
  const random = seededRandom(seed + 7919);
  const byLabel = new Map<number, number[]>();
  examples.forEach((e, i) => {
    const first = e.labels[0] ?? 0;
    byLabel.set(first, [...(byLabel.get(first) ?? []), i]);
  });
  const fold = new Array<number>(examples.length).fill(0);
  let next = 0;
  for (const key of [...byLabel.keys()].sort((a, b) => a - b)) {
    for (const i of shuffled(byLabel.get(key) ?? [], random)) {
      fold[i] = next % folds;
      next += 1;
    }
  }
  return fold;
}

/** Out-of-fold scores of the recipe over `examples` (each scored by a head trained on the other folds). */
async function outOfFoldScores(
  examples: readonly MultiLabelledEmbedding[],
  labels: readonly string[],
  options: MultiLabelTrainOptions,
  seed: number,
): Promise<number[][]> {
  const fold = foldsOf(examples, CUTOFF_FOLDS, seed);
  const scores: number[][] = examples.map(() => []);
  for (let f = 0; f < CUTOFF_FOLDS; f += 1) {
    const inFold = examples.map((_, i) => i).filter((i) => fold[i] === f);
    const rest = examples.filter((_, i) => fold[i] !== f);
    if (inFold.length === 0 || rest.length === 0) continue;
    const { onProgress: _quiet, ...quiet } = options;
    const head = await trainMultiLabelHead(rest, labels, { ...quiet, seed });
    const rows = forward(
      head.parameters,
      inFold.map((i) => (examples[i] as MultiLabelledEmbedding).embedding),
    );
    inFold.forEach((i, r) => (scores[i] = rows[r] as number[]));
  }
  return scores;
}

/**
 * Fits a multi-label head: per-label cut-offs maximising F1 on 3-fold out-of-fold scores of the training part, the
 * head trained on the training part scored with them on the held-out part (the metrics), then the same recipe refit
 * on every example for the evaluated run's epoch count (as the single-label fit does) and served with those cut-offs.
 */
export async function fitMultiLabelHead(
  examples: readonly MultiLabelledEmbedding[],
  labels: readonly string[],
  options: FitMultiLabelOptions = {},
): Promise<FittedMultiLabelHead> {
  const seed = options.seed ?? 0;
  const train = { ...options.train, patience: options.train?.patience ?? DEFAULT_PATIENCE };
  const split = stratifiedSplit(
    examples.map((e) => e.labels[0] ?? 0),
    options.holdoutFraction ?? 0.2,
    seed,
  );
  const trainPart = split.train.map((i) => examples[i] as MultiLabelledEmbedding);
  const heldOut = split.holdout.map((i) => examples[i] as MultiLabelledEmbedding);

  const enough = trainPart.length >= MIN_EXAMPLES_FOR_CUTOFFS;
  const cutoffList = enough
    ? fitF1Cutoffs(
        await outOfFoldScores(trainPart, labels, train, seed),
        multiHotTargets(trainPart, labels.length),
        labels.length,
      )
    : labels.map(() => DEFAULT_MULTI_LABEL_CUTOFF);
  const cutoffs = Object.fromEntries(labels.map((l, k) => [l, Math.round((cutoffList[k] ?? 0.5) * 1e6) / 1e6]));

  const evaluated = await trainMultiLabelHead(trainPart, labels, { ...train, seed });
  const metrics =
    heldOut.length === 0
      ? ({ accuracy: null, f1_macro: null, per_class: {} } satisfies ModelMetrics)
      : toMultiLabelMetrics(
          evaluateMultiLabel(
            multiHotTargets(heldOut, labels.length),
            decide(
              forward(
                evaluated.parameters,
                heldOut.map((e) => e.embedding),
              ),
              cutoffList,
            ),
            labels,
          ),
          heldOut.length,
        );
  const base = {
    cutoffs,
    cutoffSource: enough ? ('cross-validation' as const) : ('default' as const),
    metrics,
    split,
    trainingExamples: examples.length,
    epochs: evaluated.epochs,
    stoppedEarly: evaluated.stoppedEarly,
  };
  if (heldOut.length === 0) return { ...base, parameters: evaluated.parameters };
  const refitEpochs = Math.max(1, evaluated.stoppedEarly ? evaluated.epochs - train.patience : evaluated.epochs);
  const refit = await trainMultiLabelHead(examples, labels, {
    ...train,
    seed,
    maxEpochs: refitEpochs,
    patience: Number.POSITIVE_INFINITY,
  });
  return { ...base, parameters: refit.parameters, refitEpochs };
}
