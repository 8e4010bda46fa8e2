// The shared Gram matrix: a subset's cut is that subset's own to the last bit, and it is computed only where a fit uses it.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { gramOf, gramOfSubset, sharedGram, trainingGrams } from './gram.js';
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

describe('trainingGrams', () => {
  it("shares a view's matrix when one fold's training rows are fewer than its values, and cuts the training part's", () => {
    const set = rows(12, 9, 4);
    const train = [0, 2, 3, 5, 6, 8, 9, 11, 1, 4];
    // 10 training rows in 5 folds: a fold fits 8 rows, fewer than 9 values; in 2 folds it fits 5; without folds, all 10.
    const grams = trainingGrams(set.length, train, 5);
    const shared = grams.ofView(set);
    expect(shared).toHaveLength(144);
    expect([...(grams.ofTrain(shared).gram ?? [])]).toEqual([...gramOf(train.map((i) => set[i] as Float32Array))]);
    expect(trainingGrams(set.length, train, 2).ofView(set)).toHaveLength(144);
    expect(trainingGrams(set.length, train, 0).ofView(set)).toBeUndefined();
    expect(grams.ofTrain(undefined)).toEqual({});
  });
});
