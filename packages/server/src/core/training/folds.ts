// Stratified k-fold assignment of examples, fixed by a seed: every class's examples dealt round the folds in a shuffled order.
import { seededRandom } from '../shared/seeded-random.js';
import { shuffled } from './split.js';

/** Folds cross-validation uses at most. */
export const MAX_FOLDS = 5;

/** min(wanted, the fewest examples of any present class): each fold then holds every class; below 2, no cross-validation. */
export function foldCount(labels: readonly number[], wanted = MAX_FOLDS): number {
  const counts = new Map<number, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  if (counts.size === 0) return 0;
  const fewest = Math.min(...counts.values());
  return fewest < 2 ? 0 : Math.min(wanted, fewest);
}

/** The fold (0 … k−1) of each example: per class, a seeded shuffle dealt in turn, so folds differ by at most one per class. */
export function stratifiedFolds(labels: readonly number[], k: number, seed: number): number[] {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`cross-validation needs at least 2 folds, got ${k}`);
  const random = seededRandom(seed);
  const byClass = new Map<number, number[]>();
  labels.forEach((label, index) => byClass.set(label, [...(byClass.get(label) ?? []), index]));
  const folds = new Array<number>(labels.length).fill(0);
  let next = 0;
  for (const label of [...byClass.keys()].sort((a, b) => a - b)) {
    for (const index of shuffled(byClass.get(label) ?? [], random)) {
      folds[index] = next % k;
      next += 1;
    }
  }
  return folds;
}
