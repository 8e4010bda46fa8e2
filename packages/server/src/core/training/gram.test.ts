// The shared Gram matrix: a subset's cut is that subset's own to the last bit, and it is computed only where a fit uses it.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { gramOf, gramOfSubset, sharedGram } from './gram.js';
import { randomUnit } from './testing/clusters.js';

const rows = (count: number, dim: number, seed: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => randomUnit(dim, random));
};

describe('gramOf', () => {
  it("holds every pair's dot product of the rows read in float64, symmetric", () => {
    const set = rows(5, 16, 1);
    const gram = gramOf(set);
    for (let i = 0; i < 5; i += 1)
      for (let j = 0; j < 5; j += 1) {
        let sum = 0;
        for (let t = 0; t < 16; t += 1) sum += (set[i]?.[t] as number) * (set[j]?.[t] as number);
        expect(gram[i * 5 + j]).toBe(sum);
      }
  });
});

describe('gramOfSubset', () => {
  it("is, for any subset in any order, the subset's own Gram matrix to the last bit", () => {
    const set = rows(11, 24, 2);
    const indices = [9, 0, 4, 5, 10, 2];
    const cut = gramOfSubset(gramOf(set), set.length, indices);
    expect([...cut]).toEqual([...gramOf(indices.map((i) => set[i] as Float32Array))]);
  });
});

describe('sharedGram', () => {
  it('is computed only when the smallest fit has fewer rows than values per row', () => {
    const set = rows(10, 8, 3);
    expect(sharedGram(set, 7)).toHaveLength(100);
    expect(sharedGram(set, 8)).toBeUndefined();
    expect(sharedGram([], 0)).toBeUndefined();
  });
});
