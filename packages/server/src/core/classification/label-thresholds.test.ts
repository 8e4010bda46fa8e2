// The effective cut-off rule (user-set, else fitted, else confidence_threshold) and the decision it gives a text.
import { describe, expect, it } from 'vitest';
import type { Model } from '../shared/types.js';
import { decide, effectiveLabelThresholds } from './label-thresholds.js';
import { multiLabelCutoffs } from './multi-label-cutoffs.js';

function model(overrides: Partial<Model> = {}): Model {
  return {
    id: 7,
    workspaceId: 1,
    name: 'intents',
    type: 'fine-tuned',
    status: 'deployed',
    labels: ['billing', 'refund', 'shipping'].map((name) => ({ name, descriptions: [] })),
    config: { encoder: 'e' },
    metrics: { accuracy: null, f1_macro: null, per_class: {} },
    trainingExamples: 0,
    lastTrained: null,
    confidenceThreshold: 0.4,
    version: 1,
    previousVersion: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

const fitted = (threshold: number) => ({
  threshold,
  expected_precision: 0.9,
  coverage: 0.5,
  predicted: 10,
  target_met: threshold < 1,
});

describe('effectiveLabelThresholds', () => {
  it('takes the user-set cut-off, else the fitted one, else confidence_threshold', () => {
    const m = model({
      config: { encoder: 'e', label_thresholds: { billing: 0.8 } },
      metrics: {
        accuracy: 0.9,
        f1_macro: 0.9,
        per_class: {},
        cutoffs: { billing: fitted(0.6), refund: fitted(0.7) },
      },
    });
    expect(effectiveLabelThresholds(m)).toEqual({ billing: 0.8, refund: 0.7, shipping: 0.4 });
    expect(effectiveLabelThresholds(model())).toEqual({ billing: 0.4, refund: 0.4, shipping: 0.4 });
  });

  it('a multi-label model: the user-set cut-off, else its fitted per-label cut-off, else 0.5; the same the labels use', () => {
    const m = model({
      config: {
        encoder: 'e',
        multi_label: true,
        label_thresholds: { billing: 0.8 },
        multi_label_cutoffs: { billing: 0.3, refund: 0.35 },
      },
    });
    expect(effectiveLabelThresholds(m)).toEqual({ billing: 0.8, refund: 0.35, shipping: 0.5 });
    expect(multiLabelCutoffs(m.config, ['billing', 'refund', 'shipping'])).toEqual([0.8, 0.35, 0.5]);
  });

  it('a label named like an Object.prototype member reads only its own cut-off', () => {
    const m = model({ labels: ['constructor', 'toString'].map((name) => ({ name, descriptions: [] })) });
    expect(effectiveLabelThresholds(m)).toEqual({ constructor: 0.4, toString: 0.4 });
  });
});

describe('decide', () => {
  it('decides a text whose top confidence reaches its top label’s cut-off, whatever the other labels’ cut-offs', () => {
    const m = model({ config: { encoder: 'e', label_thresholds: { billing: 0.8, refund: 0.3 } } });
    expect(decide(m, [0.79, 0.2, 0.01])).toEqual({
      label: 'billing',
      confidence: 0.79,
      threshold: 0.8,
      decided: false,
    });
    expect(decide(m, [0.8, 0.19, 0.01])).toEqual({ label: 'billing', confidence: 0.8, threshold: 0.8, decided: true });
    expect(decide(m, [0.3, 0.35, 0.35])).toEqual({ label: 'refund', confidence: 0.35, threshold: 0.3, decided: true });
    expect(decide(m, [0.1, 0.1, 0.8])).toEqual({ label: 'shipping', confidence: 0.8, threshold: 0.4, decided: true });
  });

  it('a cut-off of 1 never decides, even a confidence of 1', () => {
    const m = model({ metrics: { accuracy: null, f1_macro: null, per_class: {}, cutoffs: { billing: fitted(1) } } });
    expect(decide(m, [1, 0, 0]).decided).toBe(false);
  });
});
