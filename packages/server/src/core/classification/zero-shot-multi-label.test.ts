// Zero-shot multi-label scores: independent per label, centred on the best label, so a text between two labels gets both.
import { describe, expect, it } from 'vitest';
import type { Model } from '../shared/types.js';
import { labelsAboveCutoffs, multiLabelCutoffs, recordClassification } from './multi-label-cutoffs.js';
import { normalize } from './vectors.js';
import { DEFAULT_ZERO_SHOT_MARGIN, scoreEmbeddingMultiLabel } from './zero-shot-multi-label.js';

const axis = (i: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : 0));
const prototypes = { labels: ['refund', 'complaint', 'shipping'], prototypes: [[axis(0)], [axis(1)], [axis(2)]] };

describe('scoreEmbeddingMultiLabel', () => {
  it('gives a text between two labels both of them, and not the third; the scores need not sum to 1', () => {
    const both = normalize(Float32Array.from([1, 0.95, 0.1, 0]));
    const scores = scoreEmbeddingMultiLabel(prototypes, both, 20, DEFAULT_ZERO_SHOT_MARGIN);
    expect(scores[0]).toBeCloseTo(1 / (1 + Math.exp(-1)), 10);
    expect(scores[1]).toBeGreaterThan(0.5);
    expect(scores[2]).toBeLessThan(0.01);
    expect(labelsAboveCutoffs(prototypes.labels, scores, [0.5, 0.5, 0.5])).toEqual(['refund', 'complaint']);
    const one = scoreEmbeddingMultiLabel(prototypes, axis(2), 20, DEFAULT_ZERO_SHOT_MARGIN);
    expect(labelsAboveCutoffs(prototypes.labels, one, [0.5, 0.5, 0.5])).toEqual(['shipping']);
    expect(Math.abs(one.reduce((a, b) => a + b) - 1)).toBeGreaterThan(0.1);
  });
});

describe('multi-label cut-offs of a model', () => {
  const model = (config: Model['config']) =>
    ({ labels: prototypes.labels.map((name) => ({ name, descriptions: [] })), config }) as unknown as Model;

  it('reads stored cut-offs, 0.5 for a label without one or with a value out of range', () => {
    expect(
      multiLabelCutoffs({ encoder: 'e', multi_label_cutoffs: { refund: 0.3, complaint: 7 } }, prototypes.labels),
    ).toEqual([0.3, 0.5, 0.5]);
    expect(multiLabelCutoffs({ encoder: 'e' }, ['__proto__'])).toEqual([0.5]);
  });

  it('gives a record of a multi-label model every label at or above its cut-off, a single-label one none', () => {
    const top = { label: 'refund', confidence: 0.9 };
    const multi = model({ encoder: 'e', multi_label: true, multi_label_cutoffs: { complaint: 0.2 } });
    expect(recordClassification(multi, [0.9, 0.25, 0.45], top)).toEqual({ ...top, labels: ['refund', 'complaint'] });
    expect(recordClassification(multi, [0.4, 0.1, 0.3], { label: 'refund', confidence: 0.4 }).labels).toEqual([]);
    expect(recordClassification(model({ encoder: 'e' }), [0.9, 0.05, 0.05], top)).toBe(top);
  });
});
