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
  seededRandom,
  shuffled,
  trainFewShotHead,
  trainHead,
  type TrainOptions,
} from '@textclass/server/core';

/** One task, embedded and split: the training part and the held-out part, with each text's language. */
export interface PreparedTask {
  labels: LabelDefinition[];
  train: LabelledEmbedding[];
  test: LabelledEmbedding[];
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

/** k examples of each label drawn from the training part with the seed. */
export function sampleK(
  train: readonly LabelledEmbedding[],
  labelCount: number,
  k: number,
  seed: number,
): LabelledEmbedding[] {
  const random = seededRandom(seed);
  return Array.from({ length: labelCount }, (_, label) =>
    shuffled(
      train.filter((e) => e.label === label),
      random,
    ).slice(0, k),
  ).flat();
}

export function fewShot(task: PreparedTask, k: number, seed: number): Scores {
  const params = trainFewShotHead(
    sampleK(task.train, task.labels.length, k, seed),
    task.labels.map((l) => l.name),
  );
  return score(
    task,
    argmaxRows(
      forward(
        params,
        task.test.map((e) => e.embedding),
      ),
    ),
  );
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
