// Chooses a head recipe by stratified k-fold cross-validation: out-of-fold logits of every candidate, scored by calibrated log-loss.
import { mean, sampleStandardDeviation } from '../shared/statistics.js';
import { argmax } from './evaluation.js';
import { fitTemperature, meanNegativeLogLikelihood, negativeLogLikelihoods } from './calibration.js';
import { foldCount, stratifiedFolds } from './folds.js';
import { foldsHere, type FoldJob, type FoldRunner } from './fold-fits.js';
import { recipeName, type HeadRecipe } from './recipes.js';
import type { LabelledEmbedding, TrainProgress } from './trainer.js';

export interface CandidateScore {
  recipe: string;
  /** Mean out-of-fold negative log-likelihood after the candidate's own temperature scaling (the criterion). */
  log_loss: number;
  /** The same before temperature scaling. */
  log_loss_raw: number;
  accuracy: number;
  temperature: number;
  /**
   * MLP candidates only: the standard error of the mean per-example difference between the best logistic
   * regression's calibrated out-of-fold log-loss and this candidate's (the margin it must beat to be chosen).
   */
  standard_error_vs_logistic?: number;
}

export interface RecipeSelection {
  recipe: HeadRecipe;
  /** Folds used; 0 when some label has fewer than 2 examples (no cross-validation: the first candidate is chosen). */
  folds: number;
  /** Every candidate's cross-validated scores, in the candidates' order. */
  scores: CandidateScore[];
  /** The chosen recipe's out-of-fold logits, one row per example (null without cross-validation). */
  outOfFoldLogits: number[][] | null;
  /** The temperature fitted on those logits (1 without cross-validation). */
  temperature: number;
  /** Every candidate's out-of-fold logits by recipe name (empty without cross-validation), to pass on as `known`. */
  outOfFoldByRecipe: Map<string, number[][]>;
}

export interface SelectionRun {
  seed: number;
  signal?: AbortSignal;
  /** After every fit: fits done, fits in all, and the fit's training objective. */
  onFit?: (done: number, total: number, loss: number) => void;
  /** MLP epochs inside a fit. */
  onEpoch?: (progress: TrainProgress) => void;
  /** How the folds run (default: here, one after another); every runner gives the same selection. */
  runFolds?: FoldRunner;
  /** The examples' Gram matrix (gramOf), when fits run in their span: the folds cut theirs from it. */
  gram?: Float64Array;
}

/**
 * Fits needed to cross-validate the candidates: one logistic path and one fit per MLP candidate, per fold; none for
 * candidates whose out-of-fold logits are `known`.
 */
export function selectionFits(
  candidates: readonly HeadRecipe[],
  folds: number,
  known: ReadonlyMap<string, number[][]> = new Map(),
): number {
  const unknown = candidates.filter((c) => !known.has(recipeName(c)));
  const logistic = unknown.some((c) => c.kind === 'logistic-regression') ? 1 : 0;
  return folds * (logistic + unknown.filter((c) => c.kind === 'mlp').length);
}

/**
 * Cross-validates the candidates (k = 5, fewer when a label has fewer examples) and picks the one with the lowest
 * out-of-fold log-loss after temperature scaling: log-loss weighs every example's whole probability row, so it
 * separates candidates that a few hundred examples leave tied on accuracy, and scoring it after the temperature
 * each candidate will be served with does not penalise an over-confident candidate for what calibration removes.
 * Ties keep the earlier candidate; an MLP must win by more than one standard error (chooseCandidate). Candidates
 * whose out-of-fold logits are `known` (from an earlier selection on the same examples and seed, so the same folds)
 * are not fitted again.
 */
export async function selectRecipe(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  candidates: readonly HeadRecipe[],
  run: SelectionRun,
  known: ReadonlyMap<string, number[][]> = new Map(),
): Promise<RecipeSelection> {
  const first = candidates[0];
  if (!first) throw new Error('recipe selection needs at least one candidate');
  const gold = examples.map((e) => e.label);
  const folds = foldCount(gold);
  if (folds < 2)
    return { recipe: first, folds: 0, scores: [], outOfFoldLogits: null, temperature: 1, outOfFoldByRecipe: new Map() };
  const assignment = stratifiedFolds(gold, folds, run.seed);
  const logits = candidates.map((c) => known.get(recipeName(c)) ?? new Array<number[]>(examples.length));
  const fitting = candidates.flatMap((c, i) => (known.has(recipeName(c)) ? [] : [i]));
  const job: FoldJob = {
    examples: [...examples],
    labels: [...labels],
    candidates: fitting.map((i) => candidates[i] as HeadRecipe),
    assignment,
    folds,
    seed: run.seed,
    ...(run.gram ? { gram: run.gram } : {}),
  };
  const total = selectionFits(candidates, folds, known);
  let done = 0;
  const foldRun = {
    ...(run.signal ? { signal: run.signal } : {}),
    ...(run.onEpoch ? { onEpoch: run.onEpoch } : {}),
    onFit: (loss: number) => run.onFit?.((done += 1), total, loss),
  };
  if (fitting.length > 0)
    await (run.runFolds ?? foldsHere)(job, foldRun, (fold, result) => {
      const rows = assignment.flatMap((f, i) => (f === fold ? [i] : []));
      result.logits.forEach((foldLogits, j) => {
        const all = logits[fitting[j] as number] as number[][];
        foldLogits.forEach((row, k) => (all[rows[k] as number] = row));
      });
    });
  const scores: CandidateScore[] = candidates.map((candidate, c) => {
    const rows = logits[c] as number[][];
    const temperature = fitTemperature(rows, gold);
    return {
      recipe: recipeName(candidate),
      log_loss: meanNegativeLogLikelihood(rows, gold, temperature),
      log_loss_raw: meanNegativeLogLikelihood(rows, gold),
      accuracy: rows.filter((row, i) => argmax(row) === gold[i]).length / rows.length,
      temperature,
    };
  });
  const best = chooseCandidate(candidates, scores, (c) =>
    negativeLogLikelihoods(logits[c] as number[][], gold, (scores[c] as CandidateScore).temperature),
  );
  return {
    recipe: candidates[best] as HeadRecipe,
    folds,
    scores,
    outOfFoldLogits: logits[best] as number[][],
    temperature: (scores[best] as CandidateScore).temperature,
    outOfFoldByRecipe: new Map(candidates.map((c, i) => [recipeName(c), logits[i] as number[][]])),
  };
}

/** Index of the candidate with the lowest score among those the predicate keeps (ties keep the earlier); -1 if none. */
function lowestLogLoss(scores: readonly CandidateScore[], keep: (c: number) => boolean): number {
  let best = -1;
  scores.forEach((s, c) => {
    if (keep(c) && (best < 0 || s.log_loss < (scores[best] as CandidateScore).log_loss)) best = c;
  });
  return best;
}

/**
 * The lowest calibrated log-loss wins, except that an MLP must beat the best logistic regression by more than one
 * standard error of their paired per-example difference (the one-standard-error rule of Breiman et al. and Hastie,
 * Tibshirani and Friedman, between the two families): a few hundred examples leave the two often within noise of
 * each other, and then the convex fit, with no early-stopping slice and no seed, is the steadier head. Records each
 * MLP's standard error in its score.
 */
function chooseCandidate(
  candidates: readonly HeadRecipe[],
  scores: CandidateScore[],
  lossesOf: (candidate: number) => number[],
): number {
  const best = lowestLogLoss(scores, () => true);
  const logistic = lowestLogLoss(scores, (c) => candidates[c]?.kind === 'logistic-regression');
  if (logistic < 0) return best;
  const reference = lossesOf(logistic);
  let beaten = false;
  candidates.forEach((candidate, c) => {
    if (candidate.kind !== 'mlp') return;
    const differences = lossesOf(c).map((loss, i) => (reference[i] as number) - loss);
    const standardError = sampleStandardDeviation(differences) / Math.sqrt(differences.length);
    (scores[c] as CandidateScore).standard_error_vs_logistic = standardError;
    if (c === best) beaten = mean(differences) > standardError;
  });
  return candidates[best]?.kind === 'mlp' && !beaten ? logistic : best;
}
