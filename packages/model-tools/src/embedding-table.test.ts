// Zipf probabilities, SIF weighting and common-component removal on small tables.
import { describe, expect, it } from 'vitest';
import {
  applySifWeights,
  normaliseRows,
  principalDirections,
  removeDirections,
  zipfProbabilities,
} from './embedding-table.js';

describe('zipfProbabilities', () => {
  it('sums to one over all ranks and falls as 1/rank', () => {
    const p = zipfProbabilities(
      Array.from({ length: 1000 }, (_, i) => i + 1),
      1000,
    );
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
    expect((p[0] as number) / (p[9] as number)).toBeCloseTo(10, 10);
  });
});

describe('applySifWeights', () => {
  it('scales row i by a / (a + p_i) and leaves row 0 alone', () => {
    const table = Float32Array.from([0, 0, 2, 2, 4, 4]);
    applySifWeights(table, 2, [0, 1e-3, 3e-3], 1e-3);
    expect([...table]).toEqual([0, 0, 1, 1, 1, 1]);
  });
});

describe('normaliseRows', () => {
  it('scales rows to unit length and keeps zero rows', () => {
    const table = Float32Array.from([0, 0, 3, 4]);
    normaliseRows(table, 2);
    expect([...table]).toEqual([0, 0, expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });
});

describe('principal directions', () => {
  // rows spread mostly along (1,1)/√2 with a little along (1,-1)/√2
  const table = Float32Array.from([0, 0, 3, 3, -2, -2, 4, 4, 1, 0.5, 0.5, 1]);
  const weights = [0, 1, 1, 1, 1, 1];

  it('finds the dominant direction, unit length and deterministic', () => {
    const [u] = principalDirections(table, 2, weights, 1);
    expect(Math.abs((u?.[0] as number) * Math.SQRT1_2 + (u?.[1] as number) * Math.SQRT1_2)).toBeCloseTo(1, 6);
    expect(principalDirections(table, 2, weights, 1)).toEqual([u]);
  });

  it('finds orthogonal directions when asked for several', () => {
    const [u, v] = principalDirections(table, 2, weights, 2);
    expect((u?.[0] as number) * (v?.[0] as number) + (u?.[1] as number) * (v?.[1] as number)).toBeCloseTo(0, 8);
  });

  it('removeDirections leaves rows orthogonal to the removed direction', () => {
    const copy = table.slice();
    const directions = principalDirections(copy, 2, weights, 1);
    removeDirections(copy, 2, directions);
    const u = directions[0] as Float64Array;
    for (let row = 1; row < 6; row++) {
      expect(
        (copy[row * 2] as number) * (u[0] as number) + (copy[row * 2 + 1] as number) * (u[1] as number),
      ).toBeCloseTo(0, 5);
    }
    expect([copy[0], copy[1]]).toEqual([0, 0]);
  });
});
