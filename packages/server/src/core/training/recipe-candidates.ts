// The recipes a training's cross-validation chooses among, for a recipe family and the examples it has.
import type { HeadArchitecture } from './head-parameters.js';
import { AUTO_MLP_RECIPE, LOGISTIC_L2_GRID, MLP_RECIPE, type HeadRecipe } from './recipes.js';
import type { TrainOptions } from './trainer.js';

/** Which recipes cross-validation chooses from: both kinds ('auto'), or only one. */
export type RecipeFamily = HeadArchitecture | 'auto';

/** The trainer's options that shape the MLP candidate. */
export type CandidateOptions = Pick<TrainOptions, 'hiddenUnits' | 'l2' | 'maxEpochs'>;

/** The candidates cross-validation chooses from for a recipe family and the trainer's options. */
export function candidateRecipes(family: RecipeFamily, train: CandidateOptions = {}): HeadRecipe[] {
  const logistic = LOGISTIC_L2_GRID.map((l2) => ({ kind: 'logistic-regression' as const, l2 }));
  const base = family === 'mlp' ? MLP_RECIPE : AUTO_MLP_RECIPE;
  const mlp: HeadRecipe = {
    kind: 'mlp',
    hiddenUnits: train.hiddenUnits ?? base.hiddenUnits,
    l2: train.l2 ?? base.l2,
    maxEpochs: Math.min(train.maxEpochs ?? base.maxEpochs, base.maxEpochs),
  };
  if (family === 'linear') return logistic;
  if (family === 'mlp') return [{ ...mlp, maxEpochs: train.maxEpochs ?? base.maxEpochs }];
  return [...logistic, mlp];
}

/**
 * Whether the trainer can carve its early-stopping slice (10 %, at least 5 examples of every label) from a fold's
 * training part (4/5 of the examples): without one the MLP trains blind for all its epochs, over-fits a small set
 * and costs most of the training's time, so 'auto' leaves it out below that size.
 */
export function mlpCanStopEarly(labels: readonly number[]): boolean {
  const counts = new Map<number, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts.values()].every((n) => Math.round(n * 0.8 * 0.1) >= 5);
}
