// A training's per-label cut-offs: fitted to its target precision on the recipe's out-of-fold predictions, kept in the version's metrics.
import type { ModelMetrics } from '../shared/types.js';
import type { FittedHead } from '../training/fit.js';
import { fitLabelCutoffs } from '../training/label-cutoffs.js';

/** The metrics fields a training with a target precision adds (none without one). */
export type CutoffFields = Pick<ModelMetrics, 'cutoffs' | 'cutoff_summary'>;

/**
 * Fits the cut-offs on `fitted.outOfFold`, the fitted recipe's own out-of-fold predictions (calibrated as served).
 * A fit too small for cross-validation brings none: then no cut-off is fitted and the labels keep the model's
 * `confidence_threshold` (or their set cut-offs).
 */
export function trainingCutoffs(
  fitted: FittedHead,
  labels: readonly string[],
  targetPrecision: number | undefined,
): CutoffFields {
  if (targetPrecision === undefined || !fitted.outOfFold) return {};
  const { probabilities, gold } = fitted.outOfFold;
  const { cutoffs, summary } = fitLabelCutoffs(probabilities, gold, labels, targetPrecision);
  return { cutoffs, cutoff_summary: summary };
}
