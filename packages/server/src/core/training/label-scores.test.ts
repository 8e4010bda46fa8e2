// Model metrics by label name: accuracy, macro-F1 and per-class scores, null when nothing was evaluated.
import { describe, expect, it } from 'vitest';
import { evaluatePredictions } from './label-scores.js';

describe('evaluatePredictions', () => {
  it('computes accuracy, macro-F1 and per-class scores', () => {
    const m = evaluatePredictions(['a', 'b'], ['a', 'a', 'b', 'b'], ['a', 'b', 'b', 'b']);
    expect(m.accuracy).toBe(0.75);
    expect(m.per_class.a).toEqual({ precision: 1, recall: 0.5, f1: 0.6667 });
    expect(m.per_class.b).toEqual({ precision: 0.6667, recall: 1, f1: 0.8 });
    expect(m.f1_macro).toBe(0.7333);
  });

  it('gives null metrics when nothing was evaluated', () => {
    expect(evaluatePredictions(['a'], [], [])).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
  });

  it('scores a class that is never predicted as 0, not NaN', () => {
    const m = evaluatePredictions(['a', 'b', 'c'], ['a', 'b'], ['a', 'a']);
    expect(m.per_class.c).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(m.per_class.b?.f1).toBe(0);
  });
});
