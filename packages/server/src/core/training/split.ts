// Stratified train / held-out split of example indices, fixed by a seed.
import { seededRandom } from '../shared/seeded-random.js';

export interface Split {
  /** Indices into the labels array, ascending. */
  train: number[];
  /** Indices into the labels array, ascending. */
  holdout: number[];
}

/** Fisher–Yates shuffle of a copy, driven by random. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** How many of a class's n examples go to the held-out part: ≥1 when n ≥ 2 and the fraction is positive, never all. */
function holdoutCount(n: number, fraction: number): number {
  if (n < 2 || fraction <= 0) return 0;
  return Math.min(n - 1, Math.max(1, Math.round(n * fraction)));
}

/**
 * Splits example indices per class: each class with ≥2 examples keeps ≥1 in train and puts ≥1 in holdout;
 * a class with one example stays in train. Same labels, fraction and seed give the same split.
 */
export function stratifiedSplit(labels: readonly number[], holdoutFraction: number, seed: number): Split {
  if (!(holdoutFraction >= 0 && holdoutFraction < 1))
    throw new RangeError(`holdoutFraction must be in [0, 1), got ${holdoutFraction}`);
  const byClass = new Map<number, number[]>();
  labels.forEach((label, index) => {
    const members = byClass.get(label);
    if (members) members.push(index);
    else byClass.set(label, [index]);
  });
  const random = seededRandom(seed);
  const train: number[] = [];
  const holdout: number[] = [];
  for (const label of [...byClass.keys()].sort((a, b) => a - b)) {
    const members = shuffled(byClass.get(label) ?? [], random);
    const held = holdoutCount(members.length, holdoutFraction);
    holdout.push(...members.slice(0, held));
    train.push(...members.slice(held));
  }
  return { train: train.sort((a, b) => a - b), holdout: holdout.sort((a, b) => a - b) };
}
