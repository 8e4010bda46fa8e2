// The head recipes training chooses between: full-batch L2 logistic regression at a given strength, or the mini-batch MLP.
import type { HeadParameters } from './head-parameters.js';
import { fitLogisticPath, linearHead, type FittedLogisticRegression } from './logistic-regression.js';
import { trainHead, type LabelledEmbedding, type TrainProgress } from './trainer.js';

export type HeadRecipe =
  { kind: 'logistic-regression'; l2: number } | { kind: 'mlp'; hiddenUnits: number; l2: number; maxEpochs: number };

/** L2 strengths of the logistic regression tried by cross-validation (100× from strongest to weakest, tuned on eval/dev). */
export const LOGISTIC_L2_GRID = [1e-2, 3e-3, 1e-3, 3e-4, 1e-4];
/** The strength used when the examples are too few to cross-validate. */
export const DEFAULT_LOGISTIC_L2 = 1e-3;
/** The MLP `architecture: 'mlp'` trains: the trainer's defaults (64 hidden units, L2 1e-3, early stopping). */
export const MLP_RECIPE = { kind: 'mlp', hiddenUnits: 64, l2: 1e-3, maxEpochs: 200 } as const;
/**
 * The MLP candidate of 'auto': half the hidden units and epochs, as cross-validation fits it five times and a
 * training of 528 examples must stay well under 30 s on 2 cores (64 units, 200 epochs took 31 s of CPU there).
 */
export const AUTO_MLP_RECIPE = { kind: 'mlp', hiddenUnits: 32, l2: 1e-3, maxEpochs: 100 } as const;

/** A short stable name for reports: "logistic-regression l2=0.001", "mlp 64". */
export function recipeName(recipe: HeadRecipe): string {
  return recipe.kind === 'mlp' ? `mlp ${recipe.hiddenUnits}` : `logistic-regression l2=${recipe.l2}`;
}

export interface RecipeRun {
  /** Seed of the MLP's initialisation, shuffles and validation slice. */
  seed: number;
  signal?: AbortSignal;
  /** MLP epochs as the trainer reports them. */
  onEpoch?: (progress: TrainProgress) => void;
  /** The examples' Gram matrix (gramOf), when the caller shares one: a fit in their span starts from it. */
  gram?: Float64Array;
}

export interface RecipeFit {
  parameters: HeadParameters;
  /** The training objective at the returned parameters. */
  loss: number;
  /** MLP only: epochs run and whether early stopping ended them. */
  epochs?: number;
  stoppedEarly?: boolean;
}

/** Fits one MLP recipe on the examples (early stopping on the trainer's own validation slice when it can carve one). */
export async function fitMlp(
  recipe: Extract<HeadRecipe, { kind: 'mlp' }>,
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  run: RecipeRun,
): Promise<RecipeFit> {
  const trained = await trainHead(examples, labels, {
    architecture: 'mlp',
    hiddenUnits: recipe.hiddenUnits,
    l2: recipe.l2,
    maxEpochs: recipe.maxEpochs,
    seed: run.seed,
    ...(run.signal ? { signal: run.signal } : {}),
    ...(run.onEpoch ? { onProgress: run.onEpoch } : {}),
    ...(run.gram ? { gram: run.gram } : {}),
  });
  return {
    parameters: trained.parameters,
    loss: trained.finalLoss,
    epochs: trained.epochs,
    stoppedEarly: trained.stoppedEarly,
  };
}

/** Fits any recipe on the examples. */
export async function fitRecipe(
  recipe: HeadRecipe,
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  run: RecipeRun,
): Promise<RecipeFit> {
  if (recipe.kind === 'mlp') return fitMlp(recipe, examples, labels, run);
  // The grid's stronger penalties first, as cross-validation fitted it: the same path to the same solution.
  const path = [...LOGISTIC_L2_GRID.filter((l2) => l2 > recipe.l2), recipe.l2];
  const fit = fitLogisticPath(examples, labels.length, path, run.gram ? { gram: run.gram } : {}).at(
    -1,
  ) as FittedLogisticRegression;
  return { parameters: linearHead(fit.model, labels), loss: fit.loss };
}
