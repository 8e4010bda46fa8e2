// Recipe selection: the candidate with the lower out-of-fold log-loss wins; out-of-fold rows come from fits that never saw them.
import { describe, expect, it } from 'vitest';
import { stratifiedFolds } from './folds.js';
import { logitRows } from './head-parameters.js';
import { fitRecipe } from './recipes.js';
import { selectRecipe } from './recipe-selection.js';
import { clusters } from './testing/clusters.js';

const labels = ['a', 'b', 'c'];
const set = clusters({ dim: 20, counts: [30, 25, 20], noise: 0.3, seed: 12 });

describe('selectRecipe', () => {
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
});
