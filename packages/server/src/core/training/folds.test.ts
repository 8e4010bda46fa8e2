// Stratified folds: every class spread evenly over the folds, fixed by the seed; the fold count the rarest class allows.
import { describe, expect, it } from 'vitest';
import { foldCount, stratifiedFolds } from './folds.js';

describe('stratifiedFolds', () => {
  const labels = [...Array(12).fill(0), ...Array(7).fill(1), ...Array(5).fill(2)] as number[];

  it('deals each class round the folds, so folds differ by at most one example of a class', () => {
    const folds = stratifiedFolds(labels, 5, 3);
    for (const c of [0, 1, 2]) {
      const perFold = [0, 1, 2, 3, 4].map((f) => folds.filter((fold, i) => fold === f && labels[i] === c).length);
      expect(Math.max(...perFold) - Math.min(...perFold)).toBeLessThanOrEqual(1);
    }
    expect(stratifiedFolds(labels, 5, 3)).toEqual(folds);
    expect(stratifiedFolds(labels, 5, 4)).not.toEqual(folds);
  });

  it('uses at most 5 folds, fewer when a class has fewer examples, none below 2', () => {
    expect(foldCount(labels)).toBe(5);
    expect(foldCount([0, 0, 0, 1, 1, 1, 1, 1, 1])).toBe(3);
    expect(foldCount([0, 0, 1])).toBe(0);
    expect(() => stratifiedFolds(labels, 1, 0)).toThrow(/2 folds/);
  });
});
