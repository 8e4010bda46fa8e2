// The ECE a perfectly calibrated model would show on the same confidences and as many texts: the sampling noise under any measured ECE.
import { seededRandom } from '../shared/seeded-random.js';
import { CALIBRATION_BINS } from './calibration.js';

/** Simulated label draws per floor: enough for a mean steady to the third decimal on a few hundred texts. */
export const NOISE_FLOOR_DRAWS = 400;

/**
 * Mean ECE (top confidence, equal-width bins as `reliabilityTable`) over `draws` simulated labellings in which each
 * text's top label is right with exactly its confidence: what a perfectly calibrated model scores on these texts by
 * chance alone. A measured ECE near it is as good as the sample can show (on 100 texts it is about 0.07, on 300 about
 * 0.045); null without rows. Deterministic for a seed.
 */
export function eceNoiseFloor(
  probabilities: readonly (readonly number[])[],
  draws = NOISE_FLOOR_DRAWS,
  seed = 1,
  bins = CALIBRATION_BINS,
): number | null {
  const n = probabilities.length;
  if (n === 0) return null;
  const confidence = probabilities.map((row) => row.reduce((top, p) => (p > top ? p : top), 0));
  const binOf = confidence.map((c) => Math.min(bins - 1, Math.max(0, Math.ceil(c * bins) - 1)));
  const counts = new Array<number>(bins).fill(0);
  const confidenceSums = new Array<number>(bins).fill(0);
  binOf.forEach((b, i) => {
    counts[b] = (counts[b] as number) + 1;
    confidenceSums[b] = (confidenceSums[b] as number) + (confidence[i] as number);
  });
  const random = seededRandom(seed);
  let total = 0;
  for (let d = 0; d < draws; d += 1) {
    const correct = new Array<number>(bins).fill(0);
    binOf.forEach((b, i) => {
      if (random() < (confidence[i] as number)) correct[b] = (correct[b] as number) + 1;
    });
    let ece = 0;
    for (let b = 0; b < bins; b += 1) ece += Math.abs((correct[b] as number) - (confidenceSums[b] as number)) / n;
    total += ece;
  }
  return total / draws;
}
