// Uncertainty ranking for active learning: margin and entropy orders, stable ties.
import { describe, expect, it } from 'vitest';
import { rankByUncertainty } from './active-learning.js';

const rows = [
  [0.9, 0.05, 0.05], // confident
  [0.4, 0.35, 0.25], // small margin, high entropy
  [0.5, 0.5, 0], // zero margin, lower entropy than row 1
  [0.1, 0.8, 0.1],
];

describe('rankByUncertainty', () => {
  it('orders by margin, the smallest gap between the two best labels first', () => {
    const ranked = rankByUncertainty(rows, 'margin');
    expect(ranked.map((r) => r.index)).toEqual([2, 1, 3, 0]);
    expect(ranked[0]).toEqual({ index: 2, uncertainty: 1, top: 0 });
    expect(ranked[1]?.uncertainty).toBeCloseTo(0.95, 12);
    expect(ranked[2]?.top).toBe(1);
  });

  it('orders by normalised entropy', () => {
    const ranked = rankByUncertainty(rows, 'entropy');
    expect(ranked.map((r) => r.index)).toEqual([1, 2, 3, 0]);
    expect(rankByUncertainty([[1 / 3, 1 / 3, 1 / 3]], 'entropy')[0]?.uncertainty).toBeCloseTo(1, 12);
  });

  it('keeps the original order of equally uncertain rows', () => {
    const ties = [
      [0.6, 0.4],
      [0.9, 0.1],
      [0.4, 0.6],
      [0.6, 0.4],
    ];
    expect(rankByUncertainty(ties, 'margin').map((r) => r.index)).toEqual([0, 2, 3, 1]);
    expect(rankByUncertainty(ties, 'entropy').map((r) => r.index)).toEqual([0, 2, 3, 1]);
  });
});
