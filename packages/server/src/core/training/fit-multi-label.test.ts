// Multi-label fitting on synthetic embeddings: texts of two labels lie between the labels' centres, and the served head finds both.
import { describe, expect, it } from 'vitest';
import { normalize } from '../classification/vectors.js';
import { seededRandom } from '../shared/seeded-random.js';
import { fitMultiLabelHead } from './fit-multi-label.js';
import { forward } from './head-parameters.js';
import { decide } from './fit-multi-label-cutoffs.js';
import type { MultiLabelledEmbedding } from './multi-label-trainer.js';
import { gaussian, randomUnit } from './testing/clusters.js';

const DIM = 16;
const LABELS = ['refund', 'complaint', 'shipping', 'billing'];

function sample(count: number, seed: number): MultiLabelledEmbedding[] {
  const random = seededRandom(seed);
  // The same centres for every sample: one draw per label from a fixed seed.
  const centreRandom = seededRandom(42);
  const centres = LABELS.map(() => randomUnit(DIM, centreRandom));
  return Array.from({ length: count }, (_, n) => {
    const first = n % LABELS.length;
    const labels = n % 3 === 0 ? [first, (first + 1) % LABELS.length] : [first];
    const v = new Float32Array(DIM);
    for (const k of labels)
      for (let i = 0; i < DIM; i += 1) v[i] = (v[i] as number) + ((centres[k] as Float32Array)[i] as number);
    for (let i = 0; i < DIM; i += 1) v[i] = (v[i] as number) + 0.15 * gaussian(random);
    return { embedding: normalize(v), labels };
  });
}

describe('fitMultiLabelHead', () => {
  it('serves a sigmoid head whose per-label cut-offs give texts of two labels both labels', async () => {
    const fitted = await fitMultiLabelHead(sample(160, 1), LABELS, { seed: 3, holdoutFraction: 0.2 });
    expect(fitted.parameters.output).toBe('sigmoid');
    expect(fitted.cutoffSource).toBe('cross-validation');
    expect(Object.keys(fitted.cutoffs)).toEqual(LABELS);
    for (const c of Object.values(fitted.cutoffs)) {
      expect(c).toBeGreaterThan(0);
      expect(c).toBeLessThan(1);
    }
    expect(fitted.trainingExamples).toBe(160);
    expect(fitted.metrics.evaluated_on).toBe(fitted.split.holdout.length);
    expect(fitted.metrics.subset_accuracy).toBeGreaterThanOrEqual(0.9);
    expect(fitted.metrics.accuracy).toBe(fitted.metrics.subset_accuracy);
    expect(fitted.metrics.f1_micro).toBeGreaterThanOrEqual(0.95);

    const fresh = sample(60, 2);
    const scores = forward(
      fitted.parameters,
      fresh.map((e) => e.embedding),
    );
    // Independent sigmoids: rows of two-label texts sum well above 1.
    expect(
      scores.filter((_, n) => (fresh[n]?.labels.length ?? 0) === 2).every((row) => row.reduce((a, b) => a + b) > 1.2),
    ).toBe(true);
    const decided = decide(
      scores,
      LABELS.map((l) => fitted.cutoffs[l] as number),
    );
    const exact = decided.filter((row, n) => row.every((v, k) => v === (fresh[n]?.labels.includes(k) ? 1 : 0))).length;
    expect(exact / fresh.length).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps every cut-off at 0.5 when too few examples are left to fit them', async () => {
    const fitted = await fitMultiLabelHead(sample(8, 4), LABELS, { seed: 1, holdoutFraction: 0.5 });
    expect(fitted.cutoffSource).toBe('default');
    expect(Object.values(fitted.cutoffs)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
