// The three ways a model is built in textclass, each scored on the same held-out texts: zero-shot, few-shot (k per label), fine-tuned.
import {
  argmaxRows,
  buildPrototypes,
  chooseZeroShotScoring,
  DEFAULT_LOGIT_SCALE,
  dot,
  type Encoder,
  evaluate,
  type Evaluation,
  eceNoiseFloor,
  expectedCalibrationError,
  fewShotOutOfFold,
  featureRow,
  fitHead,
  type LabelDefinition,
  type LabelledEmbedding,
  logitRows,
  type RecipeFamily,
  reliabilityTable,
  scoreEmbedding,
  softmaxAt,
  trainFewShotHead,
  type ZeroShotCalibration,
} from '@textclass/server/core';
import { drawInLanguage } from './support.js';

export { sampleK } from './support.js';

/** One task, embedded and split: the training part and the held-out part, with each text's language. */
export interface PreparedTask {
  labels: LabelDefinition[];
  train: LabelledEmbedding[];
  test: LabelledEmbedding[];
  /** The language of each training text (same order as train). */
  trainLangs: string[];
  /** Per language, the fewest training texts any label has there: the largest k an in-language draw honours. */
  trainPerLabel: Map<string, number>;
  /** The language of each held-out text (same order as test). */
  testLangs: string[];
}

/** Scores on all held-out texts and on those of each language, with the top-confidence ECE when measured. */
export interface Scores {
  all: Evaluation;
  byLang: Map<string, Evaluation>;
  /** Expected calibration error (10 bins) of the uncalibrated and of the calibrated (served) confidences. */
  ece?: { before: number | null; after: number | null; floor?: number | null };
}

/** ECE of probability rows against the held-out labels. */
function eceOn(task: PreparedTask, rows: number[][]): number | null {
  return expectedCalibrationError(
    reliabilityTable(
      rows,
      task.test.map((e) => e.label),
    ),
  );
}

/** ECE before and after calibration, and the noise floor of the calibrated confidences on these texts. */
function eceOf(task: PreparedTask, before: number[][], after: number[][]): NonNullable<Scores['ece']> {
  return { before: eceOn(task, before), after: eceOn(task, after), floor: eceNoiseFloor(after) };
}

function score(task: PreparedTask, predicted: number[]): Scores {
  const names = task.labels.map((l) => l.name);
  const gold = task.test.map((e) => e.label);
  const byLang = new Map<string, Evaluation>();
  for (const lang of [...new Set(task.testLangs)].sort()) {
    const keep = task.testLangs.map((l, i) => (l === lang ? i : -1)).filter((i) => i >= 0);
    byLang.set(
      lang,
      evaluate(
        keep.map((i) => gold[i] ?? -1),
        keep.map((i) => predicted[i] ?? -1),
        names,
      ),
    );
  }
  return { all: evaluate(gold, predicted, names), byLang };
}

/**
 * Label prototypes from the descriptions; the scoring rule is chosen and the softmax scale calibrated on the training
 * part, as a deployed zero-shot model chooses and calibrates them on its labelled texts (chooseZeroShotScoring).
 */
export async function zeroShot(
  task: PreparedTask,
  encoder: Encoder,
): Promise<{ scores: Scores } & ZeroShotCalibration> {
  const prototypes = await buildPrototypes(encoder, task.labels);
  const calibration = chooseZeroShotScoring(
    prototypes,
    task.train.map((e) => e.embedding),
    task.train.map((e) => task.labels[e.label]?.name ?? ''),
  );
  const { scoring, logitScale } = calibration;
  const rows = task.test.map((e) => scoreEmbedding(prototypes, e.embedding, logitScale, scoring));
  const uncalibrated = task.test.map((e) => scoreEmbedding(prototypes, e.embedding, DEFAULT_LOGIT_SCALE, scoring));
  const ece = eceOf(task, uncalibrated, rows);
  return { scores: { ...score(task, argmaxRows(rows)), ece }, ...calibration };
}

/** Where few-shot support examples come from: the English training texts, or those of each test text's own language. */
export type Support = 'english' | 'in-language';

/**
 * The few-shot head trained on support and applied to the held-out texts at the given indices: logit rows, and the
 * temperature fitted on the support's out-of-fold predictions (as training calibrates a few-shot model).
 */
function predictWith(task: PreparedTask, support: LabelledEmbedding[], indices: number[], seed: number) {
  const names = task.labels.map((l) => l.name);
  const params = trainFewShotHead(support, names);
  const logits = logitRows(
    params,
    indices.map((i) => (task.test[i] as LabelledEmbedding).embedding),
  );
  return { logits, temperature: fewShotOutOfFold(support, names, seed).temperature };
}

/** Nearest centroid: each label's mean direction of the support; the most cosine-similar wins (the few-shot reference). */
function nearestCentroid(task: PreparedTask, support: LabelledEmbedding[], indices: number[]): number[] {
  const dim = support[0]?.embedding.length ?? 0;
  const centroids = task.labels.map((_, c) => {
    const sum = new Float32Array(dim);
    for (const e of support) if (e.label === c) e.embedding.forEach((v, i) => (sum[i] = (sum[i] as number) + v));
    const norm = Math.hypot(...sum) || 1;
    return sum.map((v) => v / norm);
  });
  return indices.map((i) => {
    const e = (task.test[i] as LabelledEmbedding).embedding;
    const sims = centroids.map((c) => dot(c, e) / (Math.hypot(...e) || 1));
    return sims.indexOf(Math.max(...sims));
  });
}

/** Where few-shot support comes from, as groups of held-out indices with the language their support is drawn in. */
function supportGroups(task: PreparedTask, support: Support) {
  return support === 'english'
    ? [{ lang: 'en', indices: task.test.map((_, i) => i) }]
    : [...new Set(task.testLangs)].sort().map((lang) => ({
        lang,
        indices: task.testLangs.flatMap((l, i) => (l === lang ? [i] : [])),
      }));
}

/**
 * The few-shot head on k examples of each label drawn with the seed: from the English training texts, scored on
 * every held-out text ('english'); or, for each language, from that language's training texts, scored on its
 * held-out texts ('in-language'). A label with fewer than k training texts in the language gives all it has.
 */
export function fewShot(task: PreparedTask, k: number, seed: number, support: Support = 'english'): Scores {
  const labelCount = task.labels.length;
  const before = new Array<number[]>(task.test.length);
  const after = new Array<number[]>(task.test.length);
  for (const { lang, indices } of supportGroups(task, support)) {
    const examples = drawInLanguage(task.train, task.trainLangs, lang, labelCount, k, seed);
    if (examples.length === 0) throw new Error(`no training texts in "${lang}" to draw few-shot support from`);
    const { logits, temperature } = predictWith(task, examples, indices, seed);
    logits.forEach((row, j) => {
      before[indices[j] as number] = softmaxAt(row, 1);
      after[indices[j] as number] = softmaxAt(row, temperature);
    });
  }
  return { ...score(task, argmaxRows(after)), ece: eceOf(task, before, after) };
}

/** The few-shot reference: nearest centroid on the same draws as fewShot. */
export function fewShotReference(task: PreparedTask, k: number, seed: number, support: Support = 'english'): Scores {
  const predicted = new Array<number>(task.test.length).fill(-1);
  for (const { lang, indices } of supportGroups(task, support)) {
    const examples = drawInLanguage(task.train, task.trainLangs, lang, task.labels.length, k, seed);
    nearestCentroid(task, examples, indices).forEach((p, j) => (predicted[indices[j] as number] = p));
  }
  return score(task, predicted);
}

export interface FineTuned {
  scores: Scores;
  /** The recipe cross-validation chose, e.g. "logistic-regression l2=0.0003". */
  recipe: string;
  temperature: number;
  seconds: number;
  /** The served probabilities of the held-out texts (same order as task.test). */
  heldOut: number[][];
  /** The recipe's out-of-fold predictions on the training part, calibrated as served (what cut-offs are fitted on). */
  outOfFold?: { probabilities: number[][]; gold: number[] };
}

/**
 * A fine-tuned model's head as training builds it, on the whole training part: the recipe chosen by 5-fold
 * cross-validation among the family's candidates ('auto': served; 'linear': the logistic-regression reference),
 * fitted on every training text, temperature-scaled on its out-of-fold predictions; scored on the held-out texts.
 */
export async function fineTuned(
  task: PreparedTask,
  family: RecipeFamily,
  seed: number,
  features: 'auto' | 'text' = 'auto',
): Promise<FineTuned> {
  const started = performance.now();
  const fitted = await fitHead(
    task.train,
    task.labels.map((l) => l.name),
    { kind: 'fine-tuned', features, holdoutFraction: 0, seed, train: { architecture: family } },
  );
  const seconds = (performance.now() - started) / 1000;
  // The served head's logits are z / T: z is their product with T.
  const served = fitted.choice?.features ?? 'text';
  const logits = logitRows(
    fitted.parameters,
    task.test.map((e) => featureRow(e, served)),
  );
  const after = logits.map((row) => softmaxAt(row, 1));
  const before = logits.map((row) => softmaxAt(row, 1 / fitted.temperature));
  return {
    scores: { ...score(task, argmaxRows(after)), ece: eceOf(task, before, after) },
    recipe: `${fitted.choice?.recipe ?? ''}${served === 'text+clauses' ? ' +clauses' : ''}`,
    temperature: fitted.temperature,
    seconds,
    heldOut: after,
    ...(fitted.outOfFold ? { outOfFold: fitted.outOfFold } : {}),
  };
}
