// Fitting a head as a training job does: stratified split, training, evaluation on the held-out part.
import { describe, expect, it } from 'vitest';
import { fitHead } from './fit.js';
import { clusters } from './testing/clusters.js';

const labels = ['billing', 'login', 'shipping'];
const set = clusters({ dim: 24, counts: [50, 30, 20], noise: 0.2, seed: 31 });

describe('fitHead', () => {
  it('evaluates a fine-tuned head on a stratified held-out part it never trained on', async () => {
    const fitted = await fitHead(set, labels, { kind: 'fine-tuned', holdoutFraction: 0.2, seed: 5 });
    expect(fitted.split.holdout).toHaveLength(20);
    expect(fitted.trainingExamples).toBe(80);
    expect(fitted.trainedOn).toBe('train-part');
    expect(fitted.evaluation.confusion_matrix.flat().reduce((a, b) => a + b, 0)).toBe(20);
    expect(fitted.evaluation.per_class.shipping?.support).toBe(4);
    expect(fitted.metrics.accuracy).toBeGreaterThan(0.9);
    expect(fitted.epochs).toBeGreaterThan(0);
  });

  it('refits a few-shot head on every example after scoring it on the held-out ones', async () => {
    const few = set.filter((_, i) => i % 10 < 3);
    const fitted = await fitHead(few, labels, { kind: 'few-shot', holdoutFraction: 0.34, seed: 1 });
    expect(fitted.trainedOn).toBe('all');
    expect(fitted.trainingExamples).toBe(few.length);
    expect(fitted.split.holdout.length).toBeGreaterThan(0);
    expect(fitted.metrics.f1_macro).not.toBeNull();
  });

  it('gives null metrics when nothing can be held out', async () => {
    const fitted = await fitHead(
      set.filter((_, i) => [0, 50, 80].includes(i)),
      labels,
      { kind: 'few-shot' },
    );
    expect(fitted.metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
  });
});
