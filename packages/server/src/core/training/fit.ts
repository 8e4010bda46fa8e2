// Training as a model needs it: choose the recipe by cross-validation, calibrate it, score it on a held-out part, fit it on all.
import type { ModelMetrics } from '../shared/types.js';
import { calibrationReport } from './calibration-report.js';
import { featureRow, type HeadFeatures } from './clause-features.js';
import { softmaxAt } from './calibration.js';
import { evaluate, argmaxRows, toModelMetrics, type Evaluation } from './evaluation.js';
import { trainFewShotHead, type FewShotOptions } from './few-shot.js';
import { fewShotOutOfFold } from './few-shot-out-of-fold.js';
import { logitRows, type HeadParameters } from './head-parameters.js';
import { fitRecipe, recipeName, type HeadRecipe } from './recipes.js';
import { candidateRecipes, mlpCanStopEarly, type RecipeFamily } from './recipe-candidates.js';
import { selectRecipe, selectionFits, type CandidateScore } from './recipe-selection.js';
import { foldCount } from './folds.js';
import { trainingGrams } from './gram.js';
import type { FoldRunner } from './fold-fits.js';
import { stratifiedSplit, type Split } from './split.js';
import { withTemperature } from './temperature-head.js';
import type { LabelledEmbedding, TrainOptions } from './trainer.js';

export type TrainedHeadKind = 'fine-tuned' | 'few-shot';

export interface FitOptions {
  kind: TrainedHeadKind;
  /**
   * Fine-tuned only: 'auto' (default) cross-validates the text alone and, when every example carries them, the clause
   * features; 'text' or 'text+clauses' fits only that one (the latter needs every example's clause features).
   */
  features?: 'auto' | HeadFeatures;
  /** Share of every label's examples held out for evaluation (default 0.2). */
  holdoutFraction?: number;
  /** Fixes the split, the folds and the training (default 0). */
  seed?: number;
  /**
   * Fine-tuned only. `architecture`: 'linear' chooses among full-batch logistic regressions (L2 by cross-validation),
   * 'mlp' trains the MLP (hiddenUnits, l2, maxEpochs apply), absent or 'auto' chooses among both. `onProgress` hears
   * `epoch` = fits done of `maxEpochs` = fits in all (cross-validation folds, the evaluated fit, the served fit), with
   * the MLP's epochs reported in between at the same count; `signal` aborts.
   */
  train?: Omit<TrainOptions, 'seed' | 'architecture'> & { architecture?: RecipeFamily };
  /** Few-shot only. */
  fewShot?: FewShotOptions;
  /** Fine-tuned only: how cross-validation's folds run (default: here, one after another); the head is the same. */
  runFolds?: FoldRunner;
}

/** The chosen recipe and the cross-validation that chose it, as stored in the version's config.head. */
export interface RecipeChoice {
  recipe: string;
  /** What the head reads: chosen by the same cross-validation when the examples carry clause features. */
  features: HeadFeatures;
  /** Each feature set's best calibrated out-of-fold log-loss of its logistic regressions (only when both were cross-validated). */
  featureScores?: Partial<Record<HeadFeatures, number>>;
  kind: HeadRecipe['kind'];
  l2: number;
  /** Folds of the cross-validation (0: too few examples of some label to cross-validate). */
  folds: number;
  /** What chose the recipe: calibrated out-of-fold log-loss. */
  criterion: 'log_loss';
  scores: CandidateScore[];
}

export interface FittedHead {
  /** The head to serve: the recipe fitted on every example, its calibration folded into its last layer. */
  parameters: HeadParameters;
  /** Scores of the head trained on the training part, on the held-out examples; null scores when none were held out. */
  evaluation: Evaluation;
  /** The same, in the Model's form, with the calibration measured on the held-out part (else out of fold). */
  metrics: ModelMetrics;
  /** The evaluated head's label index and its calibrated probability for each held-out example (`split.holdout` order). */
  heldOutPredictions?: Array<{ predicted: number; confidence: number }>;
  split: Split;
  /** Examples the served head learned from: every example. */
  trainingExamples: number;
  /**
   * Always 'all': the recipe trained on the training part is scored on the held-out part, then the same recipe is
   * fit on every example and that head is served, since every labelled example counts; the metrics are then those
   * of the same recipe on fewer examples, a conservative estimate.
   */
  trainedOn: 'all';
  /** Fine-tuned only: the recipe cross-validation chose and every candidate's scores. */
  choice?: RecipeChoice;
  /** The softmax temperature folded into the served head (1: not calibrated). */
  temperature: number;
  /**
   * Calibrated out-of-fold probabilities of the chosen recipe, one row per example of the training part (in
   * `split.train` order; every example when nothing is held out), and their gold label indices; absent when some
   * label has fewer than 2 training examples (no cross-validation).
   */
  outOfFold?: { probabilities: number[][]; gold: number[] };
  /** MLP only: epochs the served fit ran and whether early stopping ended it. */
  epochs?: number;
  stoppedEarly?: boolean;
  /** Kept for stored versions of the earlier protocol; never set now. */
  refitEpochs?: number;
}

/** The feature sets cross-validation weighs for these examples and options. */
function featureSetsToTry(examples: readonly LabelledEmbedding[], options: FitOptions): HeadFeatures[] {
  const requested = options.features ?? 'auto';
  if (options.kind !== 'fine-tuned' || requested === 'text') return ['text'];
  const carried = examples.length > 0 && examples.every((e) => e.clauses);
  if (requested === 'text+clauses') {
    if (!carried) throw new Error("a 'text+clauses' head needs every example's clause features");
    return ['text+clauses'];
  }
  return carried ? ['text', 'text+clauses'] : ['text'];
}

/** The examples as a head of those features reads them. */
const withFeatures = (examples: readonly LabelledEmbedding[], features: HeadFeatures): LabelledEmbedding[] =>
  examples.map((e) => ({ embedding: featureRow(e, features), label: e.label }));

/**
 * Splits the examples (stratified, by seed), chooses and calibrates the recipe, scores it held out, then fits it on all.
 * Fine-tuned examples that all carry clause features have the logistic regressions cross-validated both ways; the
 * feature set whose best one has the lower calibrated out-of-fold log-loss is served, and an MLP candidate is
 * cross-validated on that set only (reusing the regressions' out-of-fold predictions for the final choice).
 */
export async function fitHead(
  given: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FitOptions,
): Promise<FittedHead> {
  const featureSets = featureSetsToTry(given, options);
  let examples = withFeatures(given, 'text');
  const seed = options.seed ?? 0;
  const split = stratifiedSplit(
    examples.map((e) => e.label),
    options.holdoutFraction ?? 0.2,
    seed,
  );
  let train = split.train.map((i) => examples[i] as LabelledEmbedding);
  let heldOut = split.holdout.map((i) => examples[i] as LabelledEmbedding);
  // The recipe and the temperature are chosen on the training part only, so the held-out metrics stay honest.
  const gold = train.map((e) => e.label);
  const heldOutGold = heldOut.map((e) => e.label);
  const fitted = { split, trainingExamples: examples.length, trainedOn: 'all' as const };

  /** Metrics of a head trained on the training part; calibration measured held out, else on the out-of-fold rows. */
  const scoreWith = (evaluated: HeadParameters, temperature: number, outOfFoldLogits: number[][] | null) => {
    const logits = logitRows(
      evaluated,
      heldOut.map((e) => e.embedding),
    );
    const predicted = argmaxRows(logits);
    const evaluation = evaluate(heldOutGold, predicted, labels);
    const metrics = toModelMetrics(evaluation);
    const heldOutPredictions = predicted.map((p, i) => ({
      predicted: p,
      confidence: softmaxAt(logits[i] ?? [], temperature)[p] ?? 0,
    }));
    if (heldOut.length > 0 && outOfFoldLogits)
      metrics.calibration = calibrationReport(logits, heldOutGold, temperature, {
        fitted_on: 'out-of-fold',
        measured_on: 'held-out',
      });
    else if (outOfFoldLogits)
      metrics.calibration = calibrationReport(outOfFoldLogits, gold, temperature, {
        fitted_on: 'out-of-fold',
        measured_on: 'out-of-fold',
      });
    return { evaluation, metrics, heldOutPredictions };
  };
  const outOfFold = (logits: number[][] | null, temperature: number) =>
    logits ? { outOfFold: { probabilities: logits.map((row) => softmaxAt(row, temperature)), gold } } : {};

  if (options.kind === 'few-shot') {
    const { logits, temperature } = fewShotOutOfFold(train, labels, seed, options.fewShot);
    const scored = scoreWith(trainFewShotHead(train, labels, options.fewShot), temperature, logits);
    const parameters = withTemperature(trainFewShotHead(examples, labels, options.fewShot), temperature);
    return { ...fitted, ...scored, parameters, temperature, ...outOfFold(logits, temperature) };
  }

  const family = options.train?.architecture ?? 'auto';
  const candidates = candidateRecipes(family, options.train).filter(
    (c) => family !== 'auto' || c.kind !== 'mlp' || mlpCanStopEarly(gold),
  );
  const signal = options.train?.signal;
  const onProgress = options.train?.onProgress;
  // The feature set is chosen by the logistic regressions alone; the MLP then challenges them on that set only: it
  // costs most of a training's time on each set it is fitted to, and its family does not decide which reads better.
  const logistic = candidates.filter((c) => c.kind === 'logistic-regression');
  const firstStage = logistic.length > 0 ? logistic : candidates;
  const challengers = logistic.length > 0 ? candidates.filter((c) => c.kind === 'mlp') : [];
  const folds = foldCount(gold);
  const total =
    featureSets.length * selectionFits(firstStage, folds) +
    selectionFits(challengers, folds) +
    (heldOut.length > 0 ? 2 : 1);
  let done = 0;
  const report = (loss: number, validationLoss: number | null = null) =>
    onProgress?.({ epoch: done, maxEpochs: total, loss, validationLoss });
  const run = {
    seed,
    ...(signal ? { signal } : {}),
    ...(options.runFolds ? { runFolds: options.runFolds } : {}),
    onEpoch: (p: { loss: number; validationLoss: number | null }) => report(p.loss, p.validationLoss),
  };
  // Every fit in the examples' span (fewer examples than features) starts from their Gram matrix: computed once per
  // feature set over every example, each fold and the held-out split cut theirs from it.
  const grams = trainingGrams(examples.length, split.train, folds);
  const select = (
    view: readonly LabelledEmbedding[],
    gram: Float64Array | undefined,
    tried: HeadRecipe[],
    known?: Map<string, number[][]>,
  ) => {
    const before = done;
    return selectRecipe(
      split.train.map((i) => view[i] as LabelledEmbedding),
      labels,
      tried,
      {
        ...run,
        ...grams.ofTrain(gram),
        onFit: (fits, _total, loss) => {
          done = before + fits;
          report(loss);
        },
      },
      known,
    );
  };
  let features: HeadFeatures = 'text';
  let selection: Awaited<ReturnType<typeof selectRecipe>> | undefined;
  let gram: Float64Array | undefined;
  const featureScores: Partial<Record<HeadFeatures, number>> = {};
  for (const candidateFeatures of featureSets) {
    const view = candidateFeatures === 'text' ? examples : withFeatures(given, candidateFeatures);
    const viewGram = grams.ofView(view.map((e) => e.embedding));
    const tried = await select(view, viewGram, firstStage);
    const best = bestLogLoss(tried);
    featureScores[candidateFeatures] = best;
    // The wider features cost two more embeddings a text: they are served only when they score strictly better.
    if (!selection || best < bestLogLoss(selection)) {
      selection = tried;
      features = candidateFeatures;
      gram = viewGram;
    }
  }
  if (!selection) throw new Error('no feature set was cross-validated');
  if (features !== 'text') {
    examples = withFeatures(given, features);
    train = split.train.map((i) => examples[i] as LabelledEmbedding);
    heldOut = split.holdout.map((i) => examples[i] as LabelledEmbedding);
  }
  if (challengers.length > 0) selection = await select(examples, gram, candidates, selection.outOfFoldByRecipe);
  const { recipe, temperature, outOfFoldLogits } = selection;
  const finish = (loss: number) => {
    done += 1;
    report(loss);
  };
  const evaluated = await fitRecipe(recipe, train, labels, { ...run, ...grams.ofTrain(gram) });
  finish(evaluated.loss);
  const scored = scoreWith(evaluated.parameters, temperature, outOfFoldLogits);
  // Nothing held out: the training part is every example, so the evaluated fit is the served one.
  const final =
    heldOut.length > 0 ? await fitRecipe(recipe, examples, labels, { ...run, ...(gram ? { gram } : {}) }) : evaluated;
  if (heldOut.length > 0) finish(final.loss);
  return {
    ...fitted,
    ...scored,
    parameters: withTemperature(final.parameters, temperature),
    temperature,
    choice: {
      recipe: recipeName(recipe),
      features,
      ...(featureSets.length > 1 ? { featureScores } : {}),
      kind: recipe.kind,
      l2: recipe.l2,
      folds: selection.folds,
      criterion: 'log_loss',
      scores: selection.scores,
    },
    ...outOfFold(outOfFoldLogits, temperature),
    ...(final.epochs === undefined ? {} : { epochs: final.epochs, stoppedEarly: final.stoppedEarly ?? false }),
  };
}

/** The chosen candidate's calibrated out-of-fold log-loss (Infinity without cross-validation, so 'text' is kept). */
function bestLogLoss(selection: { recipe: HeadRecipe; scores: CandidateScore[] }): number {
  const name = recipeName(selection.recipe);
  return selection.scores.find((s) => s.recipe === name)?.log_loss ?? Number.POSITIVE_INFINITY;
}
