// The row kernels: every sum to the last bit as one loop a row takes it, for any number of rows and any width.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { addOuterProduct, addScaledRows, affineRows } from './affine-rows.js';

/** Draws of n values spread over six orders of magnitude (where a changed order of additions shows in the bits). */
function drawer(seed: number): (n: number) => Float64Array {
  const random = seededRandom(seed);
  return (n) => Float64Array.from({ length: n }, () => (random() - 0.5) * 10 ** Math.floor(random() * 6));
}

describe('affineRows', () => {
  it('gives each row the bits of a plain loop from its start value, four rows a pass or fewer', () => {
    const draw = drawer(6);
    const stride = 37;
    for (let rows = 1; rows <= 9; rows += 1)
      for (const width of [0, 1, 20, stride]) {
        const weights = draw(rows * stride);
        const start = draw(rows + 3);
        const input = draw(width + 5);
        const out = new Float64Array(rows);
        affineRows(weights, stride, rows, start, 3, input, 5, width, out);
        for (let r = 0; r < rows; r += 1) {
          let sum = start[3 + r] as number;
          for (let i = 0; i < width; i += 1) sum += (weights[r * stride + i] as number) * (input[5 + i] as number);
          expect(out[r]).toBe(sum);
        }
      }
  });

  it('addScaledRows adds the rows in order to the bits of one pass a row, whatever the number of rows', () => {
    const draw = drawer(9);
    const dim = 23;
    const rows = draw(12 * dim);
    for (let count = 0; count <= 9; count += 1) {
      const of = Array.from({ length: count }, (_, a) => (a * 7 + count) % 12);
      const scales = draw(count);
      const target = draw(2 * dim);
      const expected = target.slice();
      of.forEach((row, a) => {
        for (let t = 0; t < dim; t += 1)
          expected[dim + t] = (expected[dim + t] as number) + (scales[a] as number) * (rows[row * dim + t] as number);
      });
      addScaledRows(target, dim, scales, of, rows, dim);
      expect([...target]).toEqual([...expected]);
    }
  });

  it('addOuterProduct adds each listed row its scaled input to the bits of one pass a row, the other rows untouched', () => {
    const draw = drawer(10);
    const stride = 19;
    for (let count = 0; count <= 9; count += 1)
      for (const width of [0, 7, stride]) {
        const rows = Array.from({ length: count }, (_, k) => (k * 5) % 11);
        const distinct = [...new Set(rows)];
        const scales = draw(distinct.length);
        const input = draw(width + 2);
        const target = draw(11 * stride);
        const expected = target.slice();
        distinct.forEach((row, k) => {
          for (let i = 0; i < width; i += 1)
            expected[row * stride + i] =
              (expected[row * stride + i] as number) + (scales[k] as number) * (input[2 + i] as number);
        });
        addOuterProduct(target, stride, scales, distinct, input, 2, width);
        expect([...target]).toEqual([...expected]);
      }
  });
});
