// A training's per-label cut-offs: fitted to its target precision on the recipe's out-of-fold predictions, kept in the version's metrics.
import type { ModelMetrics } from '../shared/types.js';
import type { FittedHead, FitOptions } from '../training/fit.js';
import { fitLabelCutoffs } from '../training/label-cutoffs.js';
import { outOfFoldPredictions, type OutOfFold } from '../training/out-of-fold.js';
import type { LabelledEmbedding } from '../training/trainer.js';

/** The metrics fields a training with a target precision adds (none without one). */
export type CutoffFields = Pick<ModelMetrics, 'cutoffs' | 'cutoff_summary'>;

/**
 * Fits the cut-offs on `fitted.outOfFold` (the fitted recipe's own out-of-fold predictions) when the fit brings
 * them; otherwise scores the same recipe by stratified 5-fold on the same examples to get them.
 */
export async function trainingCutoffs(
  fitted: FittedHead & { outOfFold?: OutOfFold },
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  fit: FitOptions,
  targetPrecision: number | undefined,
): Promise<CutoffFields> {
  if (targetPrecision === undefined) return {};
  const outOfFold =
    fitted.outOfFold ??
    (await outOfFoldPredictions(examples, labels, {
      kind: fit.kind,
      ...(fit.seed === undefined ? {} : { seed: fit.seed }),
      ...(fit.train === undefined
        ? {}
        : {
            train: {
              architecture: fit.train.architecture === 'auto' ? undefined : fit.train.architecture,
              maxEpochs: fit.train.maxEpochs,
            },
          }),
    }));
  const { cutoffs, summary } = fitLabelCutoffs(outOfFold.probabilities, outOfFold.gold, labels, targetPrecision);
  return { cutoffs, cutoff_summary: summary };
}
