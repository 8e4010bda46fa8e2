// The three ways a model is built in textclass, each scored on the same held-out texts: zero-shot, few-shot (k per label), fine-tuned.
import {
  argmaxRows,
  buildPrototypes,
  calibrateLogitScale,
  type Encoder,
  evaluate,
  type Evaluation,
  forward,
  type LabelDefinition,
  type LabelledEmbedding,
  scoreEmbedding,
  trainFewShotHead,
  trainHead,
  type TrainOptions,
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

/** Scores on all held-out texts and on those of each language. */
export interface Scores {
  all: Evaluation;
  byLang: Map<string, Evaluation>;
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

/** Label prototypes from the descriptions; the softmax scale is calibrated on the training part (it changes confidences, not the ranking). */
export async function zeroShot(task: PreparedTask, encoder: Encoder): Promise<{ scores: Scores; logitScale: number }> {
  const prototypes = await buildPrototypes(encoder, task.labels);
  const logitScale = calibrateLogitScale(
    prototypes,
    task.train.map((e) => e.embedding),
    task.train.map((e) => task.labels[e.label]?.name ?? ''),
  );
  const rows = task.test.map((e) => scoreEmbedding(prototypes, e.embedding, logitScale));
  return { scores: score(task, argmaxRows(rows)), logitScale };
}

/** Where few-shot support examples come from: the English training texts, or those of each test text's own language. */
export type Support = 'english' | 'in-language';

/** The few-shot head trained on support and applied to the held-out texts at the given indices. */
function predictWith(task: PreparedTask, support: LabelledEmbedding[], indices: number[]): number[] {
  const params = trainFewShotHead(
    support,
    task.labels.map((l) => l.name),
  );
  return argmaxRows(
    forward(
      params,
      indices.map((i) => (task.test[i] as LabelledEmbedding).embedding),
    ),
  );
}

/**
 * The few-shot head on k examples of each label drawn with the seed: from the English training texts, scored on
 * every held-out text ('english'); or, for each language, from that language's training texts, scored on its
 * held-out texts ('in-language'). A label with fewer than k training texts in the language gives all it has.
 */
export function fewShot(task: PreparedTask, k: number, seed: number, support: Support = 'english'): Scores {
  const labelCount = task.labels.length;
  const predicted = new Array<number>(task.test.length).fill(-1);
  const groups =
    support === 'english'
      ? [{ lang: 'en', indices: task.test.map((_, i) => i) }]
      : [...new Set(task.testLangs)].sort().map((lang) => ({
          lang,
          indices: task.testLangs.flatMap((l, i) => (l === lang ? [i] : [])),
        }));
  for (const { lang, indices } of groups) {
    const examples = drawInLanguage(task.train, task.trainLangs, lang, labelCount, k, seed);
    if (examples.length === 0) throw new Error(`no training texts in "${lang}" to draw few-shot support from`);
    predictWith(task, examples, indices).forEach((p, j) => (predicted[indices[j] as number] = p));
  }
  return score(task, predicted);
}

export interface FineTuned {
  scores: Scores;
  epochs: number;
  seconds: number;
  /** Whether early stopping watched a validation slice (else the training loss). */
  validated: boolean;
}

export async function fineTuned(task: PreparedTask, options: TrainOptions): Promise<FineTuned> {
  let validated = false;
  const started = performance.now();
  const trained = await trainHead(
    task.train,
    task.labels.map((l) => l.name),
    {
      ...options,
      onProgress: (p) => {
        validated = p.validationLoss !== null;
      },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    scores: score(
      task,
      argmaxRows(
        forward(
          trained.parameters,
          task.test.map((e) => e.embedding),
        ),
      ),
    ),
    epochs: trained.epochs,
    seconds,
    validated,
  };
}
