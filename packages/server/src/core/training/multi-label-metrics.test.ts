// Multi-label metrics on cases worked out by hand, and per-label cut-offs fitted to the best F1.
import { describe, expect, it } from 'vitest';
import { decide, fitF1Cutoffs } from './fit-multi-label-cutoffs.js';
import { evaluateMultiLabel, toMultiLabelMetrics } from './multi-label-metrics.js';

describe('evaluateMultiLabel', () => {
  it('scores a worked example: subset accuracy, micro / macro F1, hamming loss, per-label scores', () => {
    const labels = ['a', 'b', 'c'];
    const gold = [
      [1, 1, 0],
      [1, 0, 0],
      [0, 1, 1],
      [0, 0, 1],
    ];
    const predicted = [
      [1, 1, 0], // exact
      [1, 1, 0], // b is a false positive
      [0, 1, 0], // c is missed
      [0, 0, 1], // exact
    ];
    const e = evaluateMultiLabel(gold, predicted, labels);
    expect(e.subset_accuracy).toBe(0.5);
    // tp: a 2, b 2, c 1 = 5; fp: b 1; fn: c 1 → micro-F1 = 10 / 12.
    expect(e.f1_micro).toBeCloseTo(10 / 12, 12);
    expect(e.hamming_loss).toBeCloseTo(2 / 12, 12);
    expect(e.per_class.a).toEqual({ precision: 1, recall: 1, f1: 1, support: 2 });
    expect(e.per_class.b).toMatchObject({ precision: 2 / 3, recall: 1, support: 2 });
    expect(e.per_class.c).toMatchObject({ precision: 1, recall: 0.5, support: 2 });
    expect(e.f1_macro).toBeCloseTo((1 + 0.8 + 2 / 3) / 3, 12);
    const metrics = toMultiLabelMetrics(e, 4);
    expect(metrics).toMatchObject({
      accuracy: 0.5,
      subset_accuracy: 0.5,
      f1_micro: 0.8333,
      hamming_loss: 0.1667,
      evaluated_on: 4,
    });
    expect(metrics.f1_macro).toBe(0.8222);
  });

  it('leaves a label absent from gold and predictions out of the macro mean; nothing evaluated gives nulls', () => {
    const e = evaluateMultiLabel([[1, 0]], [[1, 0]], ['a', 'b']);
    expect(e.f1_macro).toBe(1);
    expect(e.per_class.b).toEqual({ precision: 0, recall: 0, f1: 0, support: 0 });
    expect(toMultiLabelMetrics(evaluateMultiLabel([], [], ['a']), 0)).toEqual({
      accuracy: null,
      f1_macro: null,
      per_class: {},
    });
  });
});

describe('fitF1Cutoffs', () => {
  it('puts each label’s cut-off where its F1 is highest, between the scores that separate it', () => {
    const scores = [
      [0.9, 0.2],
      [0.7, 0.35],
      [0.3, 0.3],
      [0.1, 0.1],
    ];
    const targets = [
      [1, 1],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const [a, b] = fitF1Cutoffs(scores, targets, 2);
    expect(a).toBeCloseTo(0.5, 12); // between 0.7 and 0.3
    expect(b).toBeCloseTo(0.15, 12); // between 0.2 and 0.1: all three positives
    expect(decide(scores, [a as number, b as number])).toEqual(targets);
  });

  it('keeps 0.5 for a label without both positives and negatives', () => {
    expect(fitF1Cutoffs([[0.2], [0.9]], [[1], [1]], 1)).toEqual([0.5]);
    expect(fitF1Cutoffs([[0.2], [0.9]], [[0], [0]], 1)).toEqual([0.5]);
  });
});
