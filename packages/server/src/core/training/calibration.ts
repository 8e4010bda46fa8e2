// Calibration of top confidences: the reliability table and expected calibration error (equal-width bins), and temperature scaling.
import type { ReliabilityBin } from '../shared/types.js';
import { argmax } from './evaluation.js';

/** A bin holds top confidences in (lower, upper]; the first bin also holds `lower` itself. */
export type { ReliabilityBin };

export const CALIBRATION_BINS = 10;

/** Rows grouped by their top confidence into equal-width bins over [0, 1]. */
export function reliabilityTable(
  probabilities: readonly (readonly number[])[],
  gold: readonly number[],
  bins = CALIBRATION_BINS,
): ReliabilityBin[] {
  if (probabilities.length !== gold.length)
    throw new Error(`${probabilities.length} probability rows but ${gold.length} gold labels`);
  const sums = Array.from({ length: bins }, () => ({ count: 0, confidence: 0, correct: 0 }));
  probabilities.forEach((row, i) => {
    const top = argmax(row as number[]);
    const confidence = row[top] ?? 0;
    const bin = sums[Math.min(bins - 1, Math.max(0, Math.ceil(confidence * bins) - 1))] as (typeof sums)[number];
    bin.count += 1;
    bin.confidence += confidence;
    if (top === gold[i]) bin.correct += 1;
  });
  return sums.map((s, b) => ({
    lower: b / bins,
    upper: (b + 1) / bins,
    count: s.count,
    mean_confidence: s.count === 0 ? null : s.confidence / s.count,
    accuracy: s.count === 0 ? null : s.correct / s.count,
  }));
}

/** Σ over bins of (rows in bin / rows) · |accuracy − mean confidence|; null without rows. */
export function expectedCalibrationError(table: readonly ReliabilityBin[]): number | null {
  const total = table.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  return table.reduce(
    (sum, b) => sum + (b.count === 0 ? 0 : (b.count / total) * Math.abs((b.accuracy ?? 0) - (b.mean_confidence ?? 0))),
    0,
  );
}

/** Softmax of logits / temperature. */
export function softmaxAt(logits: readonly number[], temperature: number): number[] {
  let max = Number.NEGATIVE_INFINITY;
  for (const z of logits) max = Math.max(max, z / temperature);
  const exps = logits.map((z) => Math.exp(z / temperature - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** One row's negative log-likelihood of its gold label under softmax(logits / temperature). */
function rowNegativeLogLikelihood(row: readonly number[], gold: number, temperature: number): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const z of row) max = Math.max(max, z / temperature);
  let sum = 0;
  for (const z of row) sum += Math.exp(z / temperature - max);
  return max + Math.log(sum) - (row[gold] ?? 0) / temperature;
}

/** Each example's negative log-likelihood of its gold label under softmax(logits / temperature). */
export function negativeLogLikelihoods(
  logits: readonly (readonly number[])[],
  gold: readonly number[],
  temperature = 1,
): number[] {
  return logits.map((row, i) => rowNegativeLogLikelihood(row, gold[i] as number, temperature));
}

/**
 * Mean negative log-likelihood of the gold labels under softmax(logits / temperature); summed in place, as the
 * temperature search calls it for every step.
 */
export function meanNegativeLogLikelihood(
  logits: readonly (readonly number[])[],
  gold: readonly number[],
  temperature = 1,
): number {
  if (logits.length === 0) return 0;
  let total = 0;
  logits.forEach((row, i) => (total += rowNegativeLogLikelihood(row, gold[i] as number, temperature)));
  return total / logits.length;
}

/** Temperatures searched: 1/T over [1/200, 200] (in log space; a zero-shot scale of cosines reaches ~100). */
const LOG_INVERSE_RANGE: [number, number] = [Math.log(1 / 200), Math.log(200)];

/**
 * The temperature T minimising the mean negative log-likelihood of softmax(logits / T) on labelled rows (Guo et
 * al. 2017). The likelihood is convex in 1/T, so a golden-section search over log(1/T) finds it; 1 without rows.
 */
export function fitTemperature(logits: readonly (readonly number[])[], gold: readonly number[]): number {
  if (logits.length !== gold.length) throw new Error(`${logits.length} logit rows but ${gold.length} gold labels`);
  if (logits.length === 0) return 1;
  const loss = (logInverse: number) => meanNegativeLogLikelihood(logits, gold, Math.exp(-logInverse));
  const ratio = (Math.sqrt(5) - 1) / 2;
  let [a, b] = LOG_INVERSE_RANGE;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = loss(c);
  let fd = loss(d);
  while (b - a > 1e-4) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = loss(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = loss(d);
    }
  }
  return Math.exp(-(a + b) / 2);
}
