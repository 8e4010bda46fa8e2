// Recipe selection: the candidate with the lower out-of-fold log-loss wins; out-of-fold rows come from fits that never saw them.
import { describe, expect, it } from 'vitest';
import { stratifiedFolds } from './folds.js';
import { gramOf } from './gram.js';
import { logitRows } from './head-parameters.js';
import { fitRecipe } from './recipes.js';
import { selectRecipe, type CandidateScore } from './recipe-selection.js';
import { seededRandom } from '../shared/seeded-random.js';
import { clusters } from './testing/clusters.js';

const labels = ['a', 'b', 'c'];
const set = clusters({ dim: 20, counts: [30, 25, 20], noise: 0.3, seed: 12 });
const logistic = { kind: 'logistic-regression' as const, l2: 1e-3 };
const mlp = { kind: 'mlp' as const, hiddenUnits: 16, l2: 1e-3, maxEpochs: 60 };

/** Points of a square labelled by whether their two coordinates' signs differ: no linear head separates them. */
function exclusiveOr(count: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const [a, b] = [random() * 2 - 1, random() * 2 - 1];
    return { embedding: Float32Array.from([a, b, 0.5]), label: a > 0 !== b > 0 ? 1 : 0 };
  });
}

describe('selectRecipe', () => {
  it("gives, from the examples' Gram matrix, every candidate's out-of-fold logits to the last bit as without it", async () => {
    // 60 examples of 96 values: every fold's fits (48 examples) run in the span, each from its cut of the matrix.
    const wide = clusters({ dim: 96, counts: [22, 20, 18], noise: 0.6, seed: 21 });
    const candidates = [{ kind: 'logistic-regression' as const, l2: 1e-2 }, logistic, { ...mlp, maxEpochs: 20 }];
    const computed = await selectRecipe(wide, labels, candidates, { seed: 4 });
    const given = await selectRecipe(wide, labels, candidates, {
      seed: 4,
      gram: gramOf(wide.map((e) => e.embedding)),
    });
    expect(given.outOfFoldByRecipe).toEqual(computed.outOfFoldByRecipe);
    expect(given.scores).toEqual(computed.scores);
  });

  it('prefers a fitting penalty to one that flattens the head, and reports every candidate', async () => {
    const candidates = [
      { kind: 'logistic-regression' as const, l2: 30 },
      { kind: 'logistic-regression' as const, l2: 1e-3 },
    ];
    const selection = await selectRecipe(set, labels, candidates, { seed: 1 });
    expect(selection.recipe).toEqual(candidates[1]);
    expect(selection.folds).toBe(5);
    expect(selection.scores.map((s) => s.recipe)).toEqual([
      'logistic-regression l2=30',
      'logistic-regression l2=0.001',
    ]);
    expect(selection.scores[1]?.log_loss).toBeLessThan(selection.scores[0]?.log_loss ?? 0);
    expect(selection.scores[1]?.accuracy).toBeGreaterThan(0.9);
  });

  it("gives each example the logits of the fold's fit that never saw it", async () => {
    const recipe = { kind: 'logistic-regression' as const, l2: 1e-2 };
    const selection = await selectRecipe(set, labels, [recipe], { seed: 4 });
    const folds = stratifiedFolds(
      set.map((e) => e.label),
      5,
      4,
    );
    const inFold = folds.flatMap((f, i) => (f === 2 ? [i] : []));
    const fit = await fitRecipe(
      recipe,
      set.filter((_, i) => folds[i] !== 2),
      labels,
      { seed: 4 },
    );
    const expected = logitRows(
      fit.parameters,
      inFold.map((i) => set[i]!.embedding),
    );
    inFold.forEach((i, j) =>
      selection.outOfFoldLogits?.[i]?.forEach((z, c) => expect(z).toBeCloseTo(expected[j]?.[c] ?? NaN, 4)),
    );
  });

  it('takes the first candidate, uncalibrated, when a label has a single example', async () => {
    const few = [...set.slice(0, 4), set[40]!, set[60]!];
    const selection = await selectRecipe(few, labels, [{ kind: 'logistic-regression', l2: 1e-3 }], { seed: 1 });
    expect(selection).toMatchObject({ folds: 0, outOfFoldLogits: null, temperature: 1, scores: [] });
  });

  it('keeps the logistic regression when the MLP is ahead by less than one standard error', async () => {
    const noisy = clusters({ dim: 20, counts: [60, 60, 60], noise: 0.45, seed: 12 });
    const selection = await selectRecipe(noisy, labels, [logistic, mlp], { seed: 1 });
    const [linear, network] = selection.scores as [CandidateScore, CandidateScore];
    // The MLP has the lower log-loss, but by less than its paired standard error: the convex fit is served.
    expect(network.log_loss).toBeLessThan(linear.log_loss);
    expect(linear.log_loss - network.log_loss).toBeLessThan(network.standard_error_vs_logistic ?? 0);
    expect(selection.recipe).toEqual(logistic);
    expect(selection.temperature).toBe(linear.temperature);
    expect(linear.standard_error_vs_logistic).toBeUndefined();
  });

  it('chooses the MLP when it wins by more than one standard error', async () => {
    const selection = await selectRecipe(exclusiveOr(160, 3), ['same', 'differ'], [logistic, mlp], { seed: 1 });
    const [linear, network] = selection.scores as [CandidateScore, CandidateScore];
    expect(linear.log_loss - network.log_loss).toBeGreaterThan(network.standard_error_vs_logistic ?? Infinity);
    expect(selection.recipe).toEqual(mlp);
    expect(network.accuracy).toBeGreaterThan(0.9);
  });
});
