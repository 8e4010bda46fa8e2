// The vector arithmetic and pooling rules of eval-zero-shot's scoring variants, on small hand-checked vectors.
import { describe, expect, it } from 'vitest';
import { pooled, scorer, unit, VARIANTS, weightedMean, type LabelVectors } from './zero-shot-variants.js';

const v = (...xs: number[]) => Float32Array.from(xs);
const close = (actual: ArrayLike<number>, expected: number[]) =>
  expected.forEach((x, i) => expect(actual[i]).toBeCloseTo(x, 5));

const A: LabelVectors = { texts: [v(1, 0)], weights: [1] };
const B: LabelVectors = { texts: [v(0, 1)], weights: [1] };
const variant = (pool: 'mean' | 'nearest' | number, centre: boolean, margin: boolean) =>
  VARIANTS.find((x) => x.pool === pool && x.centre === centre && x.margin === margin)!;

describe('unit and weightedMean', () => {
  it('scales to length 1 and leaves a zero vector alone', () => {
    close(unit(v(3, 4)), [0.6, 0.8]);
    close(unit(v(0, 0)), [0, 0]);
  });

  it('weighs each vector by its share of the total weight', () => {
    close(weightedMean([v(1, 0), v(0, 1)], [3, 1]), [0.75, 0.25]);
  });
});

describe('pooled', () => {
  const label: LabelVectors = { texts: [v(1, 0), v(0, 1)], weights: [1, 1] };
  const mean = unit(weightedMean(label.texts, label.weights));

  it('mean: the similarity to the label’s mean direction', () => {
    expect(pooled('mean', label, mean, v(1, 0))).toBeCloseTo(Math.SQRT1_2, 5);
  });

  it('nearest: the best single text', () => {
    expect(pooled('nearest', label, mean, v(1, 0))).toBeCloseTo(1, 5);
  });

  it('β: a weighted log-sum-exp, between the mean and the nearest text', () => {
    const expected = 1 + Math.log(0.5 + 0.5 * Math.exp(-10)) / 10;
    expect(pooled(10, label, mean, v(1, 0))).toBeCloseTo(expected, 5);
  });
});

describe('scorer', () => {
  it('plain: each label’s similarity', () => {
    close(scorer(variant('mean', false, false), [A, B])(v(1, 0)), [1, 0]);
  });

  it('centred: texts and the input less the mean of the labels', () => {
    close(scorer(variant('mean', true, false), [A, B])(v(1, 0)), [1, -1]);
  });

  it('margin: less the label’s mean similarity to the other labels’ texts', () => {
    close(scorer(variant('mean', true, true), [A, B])(v(1, 0)), [2, 0]);
  });
});

describe('VARIANTS', () => {
  it('every pool with and without centring and margin, each name once', () => {
    expect(VARIANTS).toHaveLength(28);
    expect(new Set(VARIANTS.map((x) => x.name)).size).toBe(28);
    expect(VARIANTS.map((x) => x.name)).toContain('pool β=10 centred margin');
  });
});
