// The span's coordinates keep every dot product, drop rows that add nothing, and lift weights back without changing a logit.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { gaussian } from './testing/clusters.js';
import { gramOfMatrix } from './gram.js';
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

  it("gives every row nonzero coordinates only up to its width: a pivot's own step, all of them for a row that added nothing", () => {
    const dim = 20;
    const rows = new Float64Array(6 * dim);
    rows.set(randomRows(5, dim, 13));
    rows.copyWithin(5 * dim, 2 * dim, 3 * dim);
    const space = rowSpace(rows, 6, dim);
    expect(space.rank).toBe(5);
    expect([...space.widths].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 5]);
    for (let i = 0; i < 6; i += 1)
      for (let k = space.widths[i] as number; k < space.rank; k += 1)
        expect(space.coordinates[i * space.rank + k]).toBe(0);
  });

  it('starts from a Gram matrix given to it and reaches the same coordinates to the last bit, and refuses one of another size', () => {
    const [count, dim] = [9, 30];
    const rows = randomRows(count, dim, 17);
    const computed = rowSpace(rows, count, dim);
    const given = rowSpace(rows, count, dim, { gram: gramOfMatrix(rows, count, dim) });
    expect([...given.coordinates]).toEqual([...computed.coordinates]);
    expect([...given.widths]).toEqual([...computed.widths]);
    expect(() => rowSpace(rows, count, dim, { gram: new Float64Array(4) })).toThrow(/Gram matrix/);
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
