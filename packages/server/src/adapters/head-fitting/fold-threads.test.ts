// Cross-validation folds on two threads: the same selection as one after another, every fit reported, aborts and failures end the helper.
import { describe, expect, it } from 'vitest';
import { fitHead } from '../../core/training/fit.js';
import { foldsHere, type FoldRunner } from '../../core/training/fold-fits.js';
import { selectRecipe } from '../../core/training/recipe-selection.js';
import { stratifiedFolds } from '../../core/training/folds.js';
import { clusters } from '../../core/training/testing/clusters.js';
import { foldsOnTwoThreads } from './fold-threads.js';

const labels = ['billing', 'delivery', 'login'];
const set = clusters({ dim: 24, counts: [60, 50, 40], noise: 0.35, seed: 5 });
const candidates = [
  { kind: 'logistic-regression' as const, l2: 1e-2 },
  { kind: 'logistic-regression' as const, l2: 1e-3 },
  { kind: 'mlp' as const, hiddenUnits: 8, l2: 1e-3, maxEpochs: 20 },
];

/** The runner, recording the order in which folds' results came back. */
function recorded(runner: FoldRunner) {
  const kept: number[] = [];
  const wrapped: FoldRunner = (job, run, keep) =>
    runner(job, run, (fold, result) => {
      kept.push(fold);
      keep(fold, result);
    });
  return { kept, wrapped };
}

describe('foldsOnTwoThreads', () => {
  it('selects the same recipe with the same out-of-fold logits and scores as folds run one after another', async () => {
    const fits: number[][] = [[], []];
    const epochs: number[][] = [[], []];
    const select = (runFolds: FoldRunner, k: number) =>
      selectRecipe(set, labels, candidates, {
        seed: 3,
        runFolds,
        onFit: (done) => fits[k]!.push(done),
        onEpoch: (p) => epochs[k]!.push(p.epoch),
      });
    const here = await select(foldsHere, 0);
    const { kept, wrapped } = recorded(foldsOnTwoThreads(0));
    const two = await select(wrapped, 1);
    expect(two).toEqual(here);
    expect(kept.sort()).toEqual([0, 1, 2, 3, 4]);
    // One logistic path and one MLP per fold, each reported once, whichever thread fitted it.
    expect(fits[1]).toEqual(fits[0]);
    expect(fits[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The helper's MLP epochs stay on its thread: only folds 0, 2 and 4 trained here.
    expect(epochs[1]!.length).toBeGreaterThan(0);
    expect(epochs[1]!.length).toBeLessThan(epochs[0]!.length);
  });

  it('trains the same head through fitHead', async () => {
    const options = { kind: 'fine-tuned' as const, seed: 2 };
    expect(await fitHead(set, labels, { ...options, runFolds: foldsOnTwoThreads(0) })).toEqual(
      await fitHead(set, labels, options),
    );
  });

  it('runs every fold here below its threshold of examples', async () => {
    const epochs: number[][] = [[], []];
    const { kept, wrapped } = recorded(foldsOnTwoThreads(set.length + 1));
    for (const [k, runFolds] of [foldsHere, wrapped].entries())
      await selectRecipe(set, labels, candidates, { seed: 1, runFolds, onEpoch: (p) => epochs[k]!.push(p.epoch) });
    expect(kept).toEqual([0, 1, 2, 3, 4]);
    expect(epochs[1]).toEqual(epochs[0]);
  });

  it('ends on an abort with its reason', async () => {
    const controller = new AbortController();
    const selection = selectRecipe(set, labels, candidates, {
      seed: 1,
      signal: controller.signal,
      runFolds: foldsOnTwoThreads(0),
      onFit: () => controller.abort(new Error('stopped by the test')),
    });
    await expect(selection).rejects.toThrow('stopped by the test');
  });

  it("fails with the helper's own message when a fold fails there", async () => {
    // An example (not the first, whose width the fits take) of the wrong width in a fold the helper fits: reading that fold's logits throws there (and only
    // there: this thread's folds take it as a training row, which no check reads the width of).
    const assignment = stratifiedFolds(
      set.map((e) => e.label),
      5,
      1,
    );
    const target = assignment.findIndex((fold, i) => i > 0 && fold % 2 === 1);
    const broken = set.map((e, i) => (i === target ? { ...e, embedding: new Float32Array(3) } : e));
    await expect(
      selectRecipe(broken, labels, candidates.slice(0, 1), { seed: 1, runFolds: foldsOnTwoThreads(0) }),
    ).rejects.toThrow('embedding has 3 dimensions, the head takes 24');
  });
});
