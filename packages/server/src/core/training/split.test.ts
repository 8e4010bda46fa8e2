// The stratified split: every class held out in proportion, deterministic by seed.
import { describe, expect, it } from 'vitest';
import { stratifiedSplit } from './split.js';

const countBy = (indices: number[], labels: number[]) => {
  const counts = new Map<number, number>();
  for (const i of indices) counts.set(labels[i] ?? -1, (counts.get(labels[i] ?? -1) ?? 0) + 1);
  return counts;
};

describe('stratifiedSplit', () => {
  const labels = [...Array<number>(60).fill(0), ...Array<number>(30).fill(1), ...Array<number>(10).fill(2)];

  it('holds out the fraction of every class and partitions the indices', () => {
    const { train, holdout } = stratifiedSplit(labels, 0.2, 7);
    expect(countBy(holdout, labels)).toEqual(
      new Map([
        [0, 12],
        [1, 6],
        [2, 2],
      ]),
    );
    expect(countBy(train, labels)).toEqual(
      new Map([
        [0, 48],
        [1, 24],
        [2, 8],
      ]),
    );
    expect([...train, ...holdout].sort((a, b) => a - b)).toEqual(labels.map((_, i) => i));
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(stratifiedSplit(labels, 0.3, 1)).toEqual(stratifiedSplit(labels, 0.3, 1));
    expect(stratifiedSplit(labels, 0.3, 1).holdout).not.toEqual(stratifiedSplit(labels, 0.3, 2).holdout);
  });

  it('keeps one example of a tiny class in each part and a singleton in train', () => {
    const small = [0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
    const { train, holdout } = stratifiedSplit(small, 0.1, 3);
    expect(countBy(holdout, small)).toEqual(
      new Map([
        [0, 1],
        [2, 1],
      ]),
    );
    expect(countBy(train, small)).toEqual(
      new Map([
        [0, 1],
        [1, 1],
        [2, 9],
      ]),
    );
  });

  it('holds out nothing at fraction 0 and refuses a fraction of 1', () => {
    expect(stratifiedSplit([0, 0, 1, 1], 0, 1)).toEqual({ train: [0, 1, 2, 3], holdout: [] });
    expect(() => stratifiedSplit([0, 1], 1, 1)).toThrow(RangeError);
  });
});
