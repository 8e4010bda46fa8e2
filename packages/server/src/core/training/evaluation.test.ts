// Evaluation by label index: a hand-computed confusion matrix, and predictions outside the labels.
import { describe, expect, it } from 'vitest';
import { argmaxRows, evaluate, toModelMetrics } from './evaluation.js';

describe('evaluate', () => {
  it('matches a hand-computed confusion matrix', () => {
    const labels = ['a', 'b', 'c'];
    const gold = [0, 0, 0, 1, 1, 2, 2, 2];
    const predicted = [0, 0, 1, 1, 2, 2, 2, 0];
    const e = evaluate(gold, predicted, labels);
    expect(e.confusion_matrix).toEqual([
      [2, 1, 0],
      [0, 1, 1],
      [1, 0, 2],
    ]);
    expect(e.accuracy).toBe(5 / 8);
    // a: P 2/3, R 2/3; b: P 1/2, R 1/2; c: P 2/3, R 2/3
    expect(e.per_class.a).toEqual({ precision: 2 / 3, recall: 2 / 3, f1: 2 / 3, support: 3 });
    expect(e.per_class.b?.f1).toBeCloseTo(0.5, 12);
    expect(e.per_class.c?.support).toBe(3);
    expect(e.f1_macro).toBeCloseTo((2 / 3 + 0.5 + 2 / 3) / 3, 12);
  });

  it('counts a prediction outside the labels as wrong without a column', () => {
    const e = evaluate([0, 1], [-1, 1], ['a', 'b']);
    expect(e.accuracy).toBe(0.5);
    expect(e.confusion_matrix).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(e.per_class.a).toEqual({ precision: 0, recall: 0, f1: 0, support: 1 });
  });

  it('gives null scores for an empty set and rounds for the Model', () => {
    expect(evaluate([], [], ['a'])).toEqual({ accuracy: null, f1_macro: null, per_class: {}, confusion_matrix: [[0]] });
    const metrics = toModelMetrics(evaluate([0, 0, 1], [0, 1, 1], ['a', 'b']));
    expect(metrics).toEqual({
      accuracy: 0.6667,
      f1_macro: 0.6667,
      per_class: { a: { precision: 1, recall: 0.5, f1: 0.6667 }, b: { precision: 0.5, recall: 1, f1: 0.6667 } },
    });
  });

  it('averages macro-F1 over the labels present in gold or predictions, as scikit-learn does', () => {
    // one right example of three labels: only "a" occurs, so macro-F1 is 1, not 1/3
    expect(evaluate([0], [0], ['a', 'b', 'c']).f1_macro).toBe(1);
    // "b" is predicted but never gold: it counts (F1 0); "c" occurs nowhere and does not
    const e = evaluate([0, 0], [0, 1], ['a', 'b', 'c']);
    expect(e.f1_macro).toBeCloseTo((2 / 3 + 0) / 2, 12);
    expect(e.per_class.c).toEqual({ precision: 0, recall: 0, f1: 0, support: 0 });
    // a prediction outside the labels adds no label to the mean
    expect(evaluate([0, 0], [0, -1], ['a', 'b']).f1_macro).toBeCloseTo(2 / 3, 12);
  });

  it('refuses gold and predictions of different lengths', () => {
    expect(() => evaluate([0], [], ['a'])).toThrow(/1 gold labels but 0 predictions/);
  });
});

describe('argmaxRows', () => {
  it('picks the largest probability, the first on ties', () => {
    expect(
      argmaxRows([
        [0.2, 0.5, 0.3],
        [0.4, 0.4, 0.2],
      ]),
    ).toEqual([1, 0]);
  });
});

describe('labels named after Object.prototype', () => {
  // A label is a customer's word: `perClass["__proto__"] = …` on {} once replaced the object's prototype, so the
  // label vanished from per_class (and from the model's metrics) and every other label seemed to have its scores.
  const labels = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  it('keeps every label as an own key of per_class, in evaluations and in model metrics', () => {
    const e = evaluate([0, 1, 2, 3, 0], [0, 1, 2, 3, 1], labels);
    for (const perClass of [e.per_class, toModelMetrics(e).per_class]) {
      expect(Object.keys(perClass)).toEqual(labels);
      expect(Object.getPrototypeOf(perClass)).toBe(Object.prototype);
      expect(Object.keys(JSON.parse(JSON.stringify(perClass)))).toEqual(labels);
    }
    expect(Object.getOwnPropertyDescriptor(e.per_class, '__proto__')?.value).toMatchObject({
      precision: 1,
      recall: 0.5,
      support: 2,
    });
    expect(Object.getOwnPropertyDescriptor(e.per_class, 'constructor')?.value).toMatchObject({ precision: 0.5 });
  });
});
