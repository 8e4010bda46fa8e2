// Per-label cut-offs fitted to a target precision on out-of-fold predictions: the lowest top-confidence cut-off per label whose auto-decided texts reach the target.
import { roundConfidence } from '../classification/predictions.js';
import type { CutoffSummary, LabelCutoffMetrics } from '../shared/types.js';
import { argmax } from './evaluation.js';

/**
 * The small-sample guard: a cut-off counts as reaching the target only when the Wilson score lower bound of its
 * precision, at this z, is at least the target. At z = 0.5 a 0.9 target needs at least 3 right answers in a row (2 of
 * 2 is not enough), 0.95 needs 5. Chosen on the tuning set (scripts/eval-cutoffs.ts on eval/dev support-intents,
 * use-multi-612, target 0.9, held-out part): z = 0 (the point estimate) decided 62.5 % of the held-out texts at
 * 89.2 % precision, under the target (one label went to 69 %); z = 0.25 and 0.5 decided 50.0 % at 96.2 %; z = 0.75
 * 27.9 % at 96.6 %; z = 1 23.1 % at 95.8 %; z = 1.645 (a 95 % one-sided bound) nothing at all, since no label there
 * had 25 straight right answers. The largest z at the best coverage that held the target was kept.
 */
export const CUTOFF_WILSON_Z = 0.5;

export interface FittedCutoffs {
  /** Label name → its fitted cut-off, in label order. */
  cutoffs: Record<string, LabelCutoffMetrics>;
  /** What the cut-offs decide over all the out-of-fold texts together. */
  summary: CutoffSummary;
}

/** Lower bound of the Wilson score interval of `correct` successes in `total` trials (0 when total is 0). */
export function wilsonLowerBound(correct: number, total: number, z: number): number {
  if (total === 0) return 0;
  const p = correct / total;
  const z2 = z * z;
  const centre = p + z2 / (2 * total);
  const spread = z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return Math.max(0, (centre - spread) / (1 + z2 / total));
}

/** The highest cut-off that still decides something: confidences are reported to six decimals. */
export const HIGHEST_DECIDING_CUTOFF = 0.999999;

/** True when a top confidence clears its label's cut-off; a cut-off of 1 never does (the label is never auto-decided). */
export function clearsCutoff(confidence: number, threshold: number): boolean {
  return threshold < 1 && confidence >= threshold;
}

/** Floating-point slack when a bound sits exactly on the target (9 of 9 at z = 1 is exactly 0.9, computed a hair below). */
const BOUND_TOLERANCE = 1e-12;

interface Scored {
  confidence: number;
  correct: boolean;
}

/**
 * For one label's predicted texts: the lowest cut-off whose decided texts (top confidence ≥ cut-off) reach the
 * target by the Wilson guard. Texts of equal confidence are decided together (a cut-off cannot split a tie).
 */
function fitOne(scored: Scored[], target: number, z: number): LabelCutoffMetrics {
  const never = (): LabelCutoffMetrics => ({
    threshold: 1,
    expected_precision: null,
    coverage: 0,
    predicted: scored.length,
    target_met: false,
  });
  if (scored.length === 0) return never();
  const byConfidence = [...scored].sort((a, b) => b.confidence - a.confidence);
  let best: { threshold: number; decided: number; correct: number } | null = null;
  let decided = 0;
  let correct = 0;
  for (let i = 0; i < byConfidence.length; i += 1) {
    const item = byConfidence[i] as Scored;
    decided += 1;
    if (item.correct) correct += 1;
    // Only at the end of a run of equal confidences: a cut-off there decides the whole run.
    const next = byConfidence[i + 1];
    if (next !== undefined && next.confidence === item.confidence) continue;
    if (wilsonLowerBound(correct, decided, z) >= target - BOUND_TOLERANCE)
      best = { threshold: item.confidence, decided, correct };
  }
  if (best === null) return never();
  return {
    threshold: best.threshold,
    expected_precision: roundConfidence(best.correct / best.decided),
    coverage: roundConfidence(best.decided / scored.length),
    predicted: scored.length,
    target_met: true,
  };
}

/**
 * Fits one cut-off per label on out-of-fold predictions (`probabilities`: one row per text in label order, `gold`:
 * its label index). A label's cut-off applies to texts whose top label it is: it is the lowest top confidence at
 * which the label's out-of-fold texts at or above it are right at least `targetPrecision` of the time, by the
 * Wilson lower bound (CUTOFF_WILSON_Z). `expected_precision` is their plain precision and `coverage` their share of
 * the label's predicted texts. A label that never reaches the target (or is never the top label) gets cut-off 1:
 * it is never auto-decided, `target_met` is false and `expected_precision` null. Confidences are compared as the
 * service reports them (rounded to six decimals), so a fitted cut-off decides the same texts at inference.
 */
export function fitLabelCutoffs(
  probabilities: readonly (readonly number[])[],
  gold: readonly number[],
  labels: readonly string[],
  targetPrecision: number,
  z: number = CUTOFF_WILSON_Z,
): FittedCutoffs {
  if (probabilities.length !== gold.length)
    throw new RangeError(`${probabilities.length} probability rows for ${gold.length} gold labels`);
  if (!(targetPrecision > 0 && targetPrecision <= 1))
    throw new RangeError(`targetPrecision must be in (0, 1], got ${targetPrecision}`);
  const byLabel: Scored[][] = labels.map(() => []);
  const tops = probabilities.map((row, i) => {
    const top = argmax(row as number[]);
    // A confidence of 1 is fitted as the highest deciding cut-off, which decides it (a cut-off of 1 decides nothing).
    const confidence = Math.min(HIGHEST_DECIDING_CUTOFF, roundConfidence(row[top] ?? 0));
    const scored = { confidence, correct: top === gold[i] };
    byLabel[top]?.push(scored);
    return { top, ...scored };
  });
  const fitted = byLabel.map((scored) => fitOne(scored, targetPrecision, z));
  const cutoffs = Object.fromEntries(labels.map((label, i) => [label, fitted[i] as LabelCutoffMetrics]));
  const decided = tops.filter((t) => clearsCutoff(t.confidence, (fitted[t.top] as LabelCutoffMetrics).threshold));
  const right = decided.filter((t) => t.correct).length;
  return {
    cutoffs,
    summary: {
      target_precision: targetPrecision,
      expected_precision: decided.length === 0 ? null : roundConfidence(right / decided.length),
      coverage: tops.length === 0 ? 0 : roundConfidence(decided.length / tops.length),
      evaluated_on: tops.length,
    },
  };
}
