// Fitting a head as a training job does: stratified split, evaluation on the held-out part, the served head refit on all.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { argmaxRows, evaluate } from './evaluation.js';
import { fitHead } from './fit.js';
import { forward, type HeadParameters } from './head-parameters.js';
import { clusters, randomUnit } from './testing/clusters.js';
import { trainHead, type LabelledEmbedding, type TrainProgress } from './trainer.js';

const labels = ['billing', 'login', 'shipping'];
const set = clusters({ dim: 24, counts: [50, 30, 20], noise: 0.2, seed: 31 });

const predict = (parameters: HeadParameters, examples: readonly LabelledEmbedding[]) =>
  argmaxRows(
    forward(
      parameters,
      examples.map((e) => e.embedding),
    ),
  );
const pick = (examples: readonly LabelledEmbedding[], indices: readonly number[]) =>
  indices.map((i) => examples[i] as LabelledEmbedding);

/** Random directions with random labels: no rule carries over to unseen examples, but a linear head fits them all. */
function noise(count: number, dim: number, seed: number): LabelledEmbedding[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({ embedding: randomUnit(dim, random), label: i % 2 }));
}

describe('fitHead', () => {
  it('evaluates a fine-tuned head on a stratified held-out part, then serves the recipe refit on every example', async () => {
    const fitted = await fitHead(set, labels, { kind: 'fine-tuned', holdoutFraction: 0.2, seed: 5 });
    expect(fitted.split.holdout).toHaveLength(20);
    expect(fitted.split.train).toHaveLength(80);
    expect(fitted.trainingExamples).toBe(100);
    expect(fitted.trainedOn).toBe('all');
    expect(fitted.evaluation.confusion_matrix.flat().reduce((a, b) => a + b, 0)).toBe(20);
    expect(fitted.evaluation.per_class.shipping?.support).toBe(4);
    expect(fitted.metrics.accuracy).toBeGreaterThan(0.9);
    expect(fitted.stoppedEarly).toBe(true);
    // The evaluated run kept the parameters of the epoch `patience` (30) epochs before it stopped.
    expect(fitted.refitEpochs).toBe((fitted.epochs ?? 0) - 30);
    expect(fitted.refitEpochs).toBeGreaterThan(0);
  });

  it('serves a head that learned the held-out examples, with the metrics of the head that never saw them', async () => {
    const examples = noise(40, 64, 9);
    const names = ['odd', 'even'];
    const fitted = await fitHead(examples, names, { kind: 'fine-tuned', holdoutFraction: 0.25, seed: 3 });
    const heldOut = pick(examples, fitted.split.holdout);
    expect(heldOut).toHaveLength(10);
    expect(fitted.trainingExamples).toBe(40);

    // The metrics are exactly those of the same recipe trained on the training part alone.
    const trainPart = await trainHead(pick(examples, fitted.split.train), names, { seed: 3 });
    const gold = heldOut.map((e) => e.label);
    expect(fitted.evaluation).toEqual(evaluate(gold, predict(trainPart.parameters, heldOut), names));
    expect(fitted.metrics.accuracy).toBeLessThan(0.8);

    // The served head is not that one: it learned the held-out examples too, so it labels every one of them right.
    expect(predict(fitted.parameters, heldOut)).toEqual(gold);
    expect(predict(trainPart.parameters, heldOut)).not.toEqual(gold);
    expect(predict(fitted.parameters, examples)).toEqual(examples.map((e) => e.label));
  });

  it('reports the evaluated run, then the refit counted from epoch 1 without a validation slice', async () => {
    const heard: TrainProgress[] = [];
    const fitted = await fitHead(set, labels, {
      kind: 'fine-tuned',
      seed: 5,
      train: { onProgress: (p) => heard.push(p) },
    });
    const epochs = fitted.epochs ?? 0;
    const refitEpochs = fitted.refitEpochs ?? 0;
    expect(refitEpochs).toBeGreaterThan(0);
    expect(heard.map((p) => p.epoch)).toEqual([
      ...Array.from({ length: epochs }, (_, i) => i + 1),
      ...Array.from({ length: refitEpochs }, (_, i) => i + 1),
    ]);
    expect(heard.slice(0, epochs).every((p) => p.maxEpochs === 200)).toBe(true);
    expect(heard.slice(epochs).every((p) => p.maxEpochs === refitEpochs && p.validationLoss === null)).toBe(true);
  });

  it('gives the same split, head and metrics for the same seed', async () => {
    const options = { kind: 'fine-tuned', holdoutFraction: 0.2, seed: 11, train: { architecture: 'mlp' } } as const;
    const [first, second] = [await fitHead(set, labels, options), await fitHead(set, labels, options)];
    expect(second.split).toEqual(first.split);
    expect(second.parameters).toEqual(first.parameters);
    expect(second.evaluation).toEqual(first.evaluation);
    expect(second.refitEpochs).toBe(first.refitEpochs);
    const other = await fitHead(set, labels, { ...options, seed: 12 });
    expect(other.split).not.toEqual(first.split);
    expect(other.parameters).not.toEqual(first.parameters);
  });

  it('serves the one run, trained on every example, when nothing is held out', async () => {
    const fitted = await fitHead(set, labels, { kind: 'fine-tuned', holdoutFraction: 0, seed: 2 });
    expect(fitted.split.holdout).toEqual([]);
    expect(fitted.trainingExamples).toBe(100);
    expect(fitted.trainedOn).toBe('all');
    expect(fitted.refitEpochs).toBeUndefined();
    expect(fitted.metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
    expect(fitted.parameters).toEqual((await trainHead(set, labels, { seed: 2 })).parameters);
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
