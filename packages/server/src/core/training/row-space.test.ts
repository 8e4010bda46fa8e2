// The span's coordinates keep every dot product, drop rows that add nothing, and lift weights back without changing a logit.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { gaussian } from './testing/clusters.js';
import { rowSpace } from './row-space.js';

const dot = (a: Float64Array, i: number, b: Float64Array, j: number, width: number) => {
  let sum = 0;
  for (let t = 0; t < width; t += 1) sum += (a[i * width + t] as number) * (b[j * width + t] as number);
  return sum;
};

/** `count` rows of `dim` standard normal values. */
function randomRows(count: number, dim: number, seed: number): Float64Array {
  const random = seededRandom(seed);
  return Float64Array.from({ length: count * dim }, () => gaussian(random));
}

describe('rowSpace', () => {
  it("keeps every pair of rows' dot product in as many coordinates as rows", () => {
    const [count, dim] = [12, 40];
    const rows = randomRows(count, dim, 3);
    const space = rowSpace(rows, count, dim);
    expect(space.rank).toBe(count);
    for (let i = 0; i < count; i += 1)
      for (let j = 0; j < count; j += 1)
        expect(dot(space.coordinates, i, space.coordinates, j, space.rank)).toBeCloseTo(dot(rows, i, rows, j, dim), 9);
  });

  it('counts a duplicate or a sum of other rows once', () => {
    const dim = 20;
    const rows = new Float64Array(5 * dim);
    rows.set(randomRows(3, dim, 5));
    for (let t = 0; t < dim; t += 1) {
      rows[3 * dim + t] = rows[2 * dim + t] as number;
      rows[4 * dim + t] = (rows[t] as number) - 2 * (rows[dim + t] as number);
    }
    const space = rowSpace(rows, 5, dim);
    expect(space.rank).toBe(3);
    expect(dot(space.coordinates, 4, space.coordinates, 4, 3)).toBeCloseTo(dot(rows, 4, rows, 4, dim), 9);
  });

  it('lifts weights over the coordinates to weights with the same products with every row and the same norm', () => {
    const [count, dim, k] = [10, 30, 3];
    const rows = randomRows(count, dim, 7);
    const space = rowSpace(rows, count, dim);
    const weights = randomRows(k, space.rank, 8);
    const lifted = space.lift(weights, k);
    for (let c = 0; c < k; c += 1) {
      for (let i = 0; i < count; i += 1)
        expect(dot(lifted, c, rows, i, dim)).toBeCloseTo(dot(weights, c, space.coordinates, i, space.rank), 9);
      expect(dot(lifted, c, lifted, c, dim)).toBeCloseTo(dot(weights, c, weights, c, space.rank), 9);
    }
  });

  it('projects weights onto the span: the same products with every row, and lifting the projection changes none', () => {
    const [count, dim, k] = [8, 25, 2];
    const rows = randomRows(count, dim, 11);
    const space = rowSpace(rows, count, dim);
    const weights = randomRows(k, dim, 12);
    const projected = space.project(weights, k);
    const lifted = space.lift(projected, k);
    for (let c = 0; c < k; c += 1)
      for (let i = 0; i < count; i += 1) {
        expect(dot(projected, c, space.coordinates, i, space.rank)).toBeCloseTo(dot(weights, c, rows, i, dim), 9);
        expect(dot(lifted, c, rows, i, dim)).toBeCloseTo(dot(weights, c, rows, i, dim), 9);
      }
  });
});
