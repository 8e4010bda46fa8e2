// The few-shot head: a linear head from a handful of examples per label, calibrated and refined.
import { describe, expect, it } from 'vitest';
import { argmaxRows, evaluate } from './evaluation.js';
import { leaveOneOutScale, trainFewShotHead } from './few-shot.js';
import { forward } from './head-parameters.js';
import { clusters } from './testing/clusters.js';

describe('trainFewShotHead', () => {
  const labels = ['a', 'b', 'c', 'd', 'e'];
  const spec = { dim: 48, counts: [60, 60, 60, 60, 60], noise: 0.15, seed: 11 };
  const all = clusters(spec);
  // 4 examples per label for training, the rest for testing
  const train = all.filter((_, i) => i % 60 < 4);
  const test = all.filter((_, i) => i % 60 >= 4);
  const scoreOf = (params: ReturnType<typeof trainFewShotHead>) =>
    evaluate(
      test.map((e) => e.label),
      argmaxRows(
        forward(
          params,
          test.map((e) => e.embedding),
        ),
      ),
      labels,
    ).accuracy ?? 0;

  it('classifies unseen examples from four examples per label as a linear head', () => {
    const params = trainFewShotHead(train, labels);
    expect(params.architecture).toBe('linear');
    expect(params.layers[0]?.weights).toHaveLength(5 * 48);
    expect(scoreOf(params)).toBeGreaterThan(0.95);
  });

  it('gives confident probabilities on its examples once the scale is calibrated', () => {
    const rows = forward(
      trainFewShotHead(train, labels, { refineSteps: 0 }),
      train.map((e) => e.embedding),
    );
    const meanGold = rows.reduce((sum, row, i) => sum + (row[train[i]?.label ?? 0] ?? 0), 0) / rows.length;
    expect(meanGold).toBeGreaterThan(0.8);
  });

  it('calibrates a larger scale for tight clusters than for loose ones', () => {
    const tight = clusters({ dim: 48, counts: [8, 8, 8], noise: 0.05, seed: 12 });
    const loose = clusters({ dim: 48, counts: [8, 8, 8], noise: 0.6, seed: 12 });
    expect(leaveOneOutScale(tight, 3, 48)).toBeGreaterThan(leaveOneOutScale(loose, 3, 48));
  });

  it('never guesses a label that has no examples', () => {
    const withoutE = train.filter((e) => e.label !== 4);
    const params = trainFewShotHead(withoutE, labels);
    expect(
      argmaxRows(
        forward(
          params,
          all.map((e) => e.embedding),
        ),
      ).includes(4),
    ).toBe(false);
  });

  it('is deterministic', () => {
    expect(trainFewShotHead(train, labels)).toEqual(trainFewShotHead(train, labels));
  });
});
