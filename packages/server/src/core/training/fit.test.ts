// Fitting a head as a training job does: recipe chosen by cross-validation, calibrated, evaluated held out, served fitted on all.
import { MIN_FEW_SHOT_CALIBRATION_ROWS } from './few-shot-out-of-fold.js';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { normalize } from '../classification/vectors.js';
import { argmaxRows, evaluate } from './evaluation.js';
import { fitHead } from './fit.js';
import { forward, type HeadParameters } from './head-parameters.js';
import { clusters, randomUnit } from './testing/clusters.js';
import { fitRecipe, LOGISTIC_L2_GRID } from './recipes.js';
import { withTemperature } from './temperature-head.js';
import type { LabelledEmbedding, TrainProgress } from './trainer.js';

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

/**
 * Texts whose opening clause and rest each lean one way along one direction, labelled by the rest (as in "Great, it
 * broke again"): the text's own embedding sums the two and cannot tell "great … broke" from "broke … great".
 */
function twoClauseTexts(count: number, seed: number): LabelledEmbedding[] {
  const random = seededRandom(seed);
  const dim = 8;
  const leaning = (sign: number) =>
    normalize(Float32Array.from({ length: dim }, (_, d) => (d === 0 ? sign : 0) + 0.3 * (random() * 2 - 1)));
  return Array.from({ length: count }, (_, i) => {
    const opening = leaning(i % 2 === 0 ? 1 : -1);
    const rest = leaning(Math.floor(i / 2) % 2 === 0 ? 1 : -1);
    const text = normalize(Float32Array.from(opening, (x, d) => x + (rest[d] as number)));
    const clauses = new Float32Array(dim * 3);
    clauses.set(text, 0);
    clauses.set(opening, dim);
    clauses.set(rest, dim * 2);
    return { embedding: text, clauses, label: Math.floor(i / 2) % 2 };
  });
}

describe('fitHead', () => {
  it('serves clause features where cross-validation finds they score better, and says so', async () => {
    const examples = twoClauseTexts(160, 41);
    const fitted = await fitHead(examples, ['positive', 'negative'], {
      kind: 'fine-tuned',
      holdoutFraction: 0.25,
      seed: 3,
    });
    expect(fitted.choice?.features).toBe('text+clauses');
    expect(fitted.parameters.inputDim).toBe(24);
    const scores = fitted.choice?.featureScores ?? {};
    expect(scores['text+clauses']).toBeLessThan(scores.text ?? 0);
    expect(fitted.evaluation.accuracy).toBeGreaterThan(0.95);

    const textOnly = await fitHead(
      examples.map(({ embedding, label }) => ({ embedding, label })),
      ['positive', 'negative'],
      { kind: 'fine-tuned', holdoutFraction: 0.25, seed: 3 },
    );
    expect(textOnly.choice?.features).toBe('text');
    expect(textOnly.choice?.featureScores).toBeUndefined();
    expect(textOnly.evaluation.accuracy).toBeLessThan(0.85);
  });

  it('keeps the text alone where the clauses add only noise, and few-shot heads never read them', async () => {
    const random = seededRandom(7);
    const withNoise = set.map((e) => {
      const clauses = new Float32Array(72);
      clauses.set(e.embedding, 0);
      clauses.set(randomUnit(24, random), 24);
      clauses.set(randomUnit(24, random), 48);
      return { ...e, clauses };
    });
    const fitted = await fitHead(withNoise, labels, { kind: 'fine-tuned', seed: 1 });
    expect(fitted.choice?.features).toBe('text');
    expect(Object.keys(fitted.choice?.featureScores ?? {})).toEqual(['text', 'text+clauses']);
    expect(fitted.parameters.inputDim).toBe(24);
    const fewShot = await fitHead(withNoise, labels, { kind: 'few-shot', seed: 1 });
    expect(fewShot.parameters.inputDim).toBe(24);
  });

  it('chooses the recipe by cross-validation, scores it held out, then serves it fitted on every example', async () => {
    const fitted = await fitHead(set, labels, { kind: 'fine-tuned', holdoutFraction: 0.2, seed: 5 });
    expect(fitted.split.holdout).toHaveLength(20);
    expect(fitted.split.train).toHaveLength(80);
    expect(fitted.trainingExamples).toBe(100);
    expect(fitted.trainedOn).toBe('all');
    expect(fitted.evaluation.confusion_matrix.flat().reduce((a, b) => a + b, 0)).toBe(20);
    expect(fitted.evaluation.per_class.shipping?.support).toBe(4);
    expect(fitted.metrics.accuracy).toBeGreaterThan(0.9);
    // Five logistic regressions, each scored on 5 folds (shipping has 20 examples); too few for the MLP to stop early.
    expect(fitted.choice?.folds).toBe(5);
    expect(fitted.choice?.scores.map((s) => s.recipe)).toEqual(
      LOGISTIC_L2_GRID.map((l2) => `logistic-regression l2=${l2}`),
    );
    const best = Math.min(...(fitted.choice?.scores ?? []).map((s) => s.log_loss));
    expect(fitted.choice?.scores.find((s) => s.recipe === fitted.choice?.recipe)?.log_loss).toBe(best);
    expect(fitted.metrics.calibration).toMatchObject({ method: 'temperature', measured_on: 'held-out', examples: 20 });
    // Chosen and calibrated on the training part only: the held-out examples never reach the choice.
    expect(fitted.outOfFold?.gold).toEqual(fitted.split.train.map((i) => set[i]!.label));
    expect(fitted.outOfFold?.probabilities).toHaveLength(80);
  });

  it('serves a head that learned the held-out examples, with the metrics of the head that never saw them', async () => {
    const examples = noise(40, 64, 9);
    const names = ['odd', 'even'];
    const options = { kind: 'fine-tuned', holdoutFraction: 0.25, seed: 3, train: { architecture: 'linear' } } as const;
    const fitted = await fitHead(examples, names, options);
    const heldOut = pick(examples, fitted.split.holdout);
    expect(heldOut).toHaveLength(10);
    expect(fitted.trainingExamples).toBe(40);
    const recipe = { kind: 'logistic-regression' as const, l2: fitted.choice?.l2 ?? 0 };

    // The metrics are exactly those of the chosen recipe trained on the training part alone.
    const trainPart = await fitRecipe(recipe, pick(examples, fitted.split.train), names, { seed: 3 });
    const gold = heldOut.map((e) => e.label);
    expect(fitted.evaluation).toEqual(evaluate(gold, predict(trainPart.parameters, heldOut), names));
    expect(fitted.metrics.accuracy).toBeLessThan(0.8);

    // The served head is the recipe fitted on every example (its temperature changes no label), not that one.
    const all = await fitRecipe(recipe, examples, names, { seed: 3 });
    expect(predict(fitted.parameters, examples)).toEqual(predict(all.parameters, examples));
    expect(fitted.parameters).not.toEqual(trainPart.parameters);
  });

  it('chooses the features by the logistic regressions, then cross-validates the MLP on those alone', async () => {
    // 200 examples a label: enough for 'auto' to try the MLP.
    const heard: TrainProgress[] = [];
    const fitted = await fitHead(twoClauseTexts(400, 43), ['positive', 'negative'], {
      kind: 'fine-tuned',
      seed: 2,
      train: { onProgress: (p) => heard.push(p) },
    });
    expect(fitted.choice?.features).toBe('text+clauses');
    expect(Object.keys(fitted.choice?.featureScores ?? {})).toEqual(['text', 'text+clauses']);
    const logistic = (fitted.choice?.scores ?? []).filter((s) => s.recipe.startsWith('logistic-regression'));
    expect(Math.min(...logistic.map((s) => s.log_loss))).toBeCloseTo(
      fitted.choice?.featureScores?.['text+clauses'] ?? 0,
      9,
    );
    expect(fitted.choice?.scores.map((s) => s.recipe)).toContain('mlp 32');
    // 5 folds of the logistic path on each feature set, 5 MLP fits on the chosen one, the evaluated and served fits.
    const fits = heard.map((p) => p.epoch);
    expect(fits.at(-1)).toBe(17);
    expect(heard.every((p) => p.maxEpochs === 17)).toBe(true);
    expect(fits.every((n, i) => i === 0 || n >= (fits[i - 1] as number))).toBe(true);
  });

  it('reports fits done of fits in all, never going back', async () => {
    const heard: TrainProgress[] = [];
    await fitHead(set, labels, {
      kind: 'fine-tuned',
      seed: 5,
      train: { architecture: 'linear', onProgress: (p) => heard.push(p) },
    });
    // 5 folds of the logistic path, the evaluated fit, the served fit.
    expect(heard.map((p) => p.epoch)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(heard.every((p) => p.maxEpochs === 7 && Number.isFinite(p.loss))).toBe(true);
  });

  it('gives the same split, head, metrics and out-of-fold rows for the same seed', async () => {
    const train = { architecture: 'mlp', hiddenUnits: 8, maxEpochs: 40 } as const;
    const options = { kind: 'fine-tuned', holdoutFraction: 0.2, seed: 11, train } as const;
    const [first, second] = [await fitHead(set, labels, options), await fitHead(set, labels, options)];
    expect(second.split).toEqual(first.split);
    expect(second.parameters).toEqual(first.parameters);
    expect(second.evaluation).toEqual(first.evaluation);
    expect(second.outOfFold).toEqual(first.outOfFold);
    const other = await fitHead(set, labels, { ...options, seed: 12 });
    expect(other.split).not.toEqual(first.split);
    expect(other.parameters).not.toEqual(first.parameters);
  });

  it('serves the one fit on every example, calibration measured out of fold, when nothing is held out', async () => {
    const fitted = await fitHead(set, labels, {
      kind: 'fine-tuned',
      holdoutFraction: 0,
      seed: 2,
      train: { architecture: 'linear' },
    });
    expect(fitted.split.holdout).toEqual([]);
    expect(fitted.trainingExamples).toBe(100);
    const { calibration, ...metrics } = fitted.metrics;
    expect(metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
    expect(calibration).toMatchObject({ measured_on: 'out-of-fold', examples: 100 });
    const recipe = { kind: 'logistic-regression' as const, l2: fitted.choice?.l2 ?? 0 };
    const all = await fitRecipe(recipe, set, labels, { seed: 2 });
    expect(fitted.parameters).toEqual(withTemperature(all.parameters, fitted.temperature));
  });

  it('calibrates a few-shot head on its out-of-fold predictions and refits it on every example', async () => {
    const fitted = await fitHead(set, labels, { kind: 'few-shot', holdoutFraction: 0.34, seed: 1 });
    expect(fitted.trainedOn).toBe('all');
    expect(fitted.trainingExamples).toBe(set.length);
    expect(fitted.split.holdout.length).toBeGreaterThan(0);
    expect(fitted.metrics.f1_macro).not.toBeNull();
    expect(fitted.split.train.length).toBeGreaterThanOrEqual(MIN_FEW_SHOT_CALIBRATION_ROWS);
    expect(fitted.temperature).not.toBe(1);
    expect(fitted.metrics.calibration?.measured_on).toBe('held-out');
    expect(fitted.outOfFold?.probabilities).toHaveLength(fitted.split.train.length);
  });

  it('keeps a small few-shot support at its own scale: a temperature fitted on a handful of texts is noise', async () => {
    const few = set.filter((_, i) => i % 10 < 3);
    const fitted = await fitHead(few, labels, { kind: 'few-shot', holdoutFraction: 0.34, seed: 1 });
    expect(fitted.split.train.length).toBeLessThan(MIN_FEW_SHOT_CALIBRATION_ROWS);
    expect(fitted.temperature).toBe(1);
    expect(fitted.outOfFold?.probabilities).toHaveLength(fitted.split.train.length);
  });

  it('gives null metrics and no calibration when nothing can be held out', async () => {
    const fitted = await fitHead(
      set.filter((_, i) => [0, 50, 80].includes(i)),
      labels,
      { kind: 'few-shot' },
    );
    expect(fitted.metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
    expect(fitted.temperature).toBe(1);
    expect(fitted.outOfFold).toBeUndefined();
  });
});
