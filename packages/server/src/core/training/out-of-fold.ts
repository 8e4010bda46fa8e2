// Out-of-fold predictions of a head recipe by stratified k-fold: every example scored by a head that never saw it (for fitting cut-offs when the fitted head brings none).
import { seededRandom } from '../shared/seeded-random.js';
import type { TrainedHeadKind } from './fit.js';
import { trainFewShotHead } from './few-shot.js';
import { forward } from './head-parameters.js';
import { shuffled } from './split.js';
import { trainHead, type LabelledEmbedding, type TrainOptions } from './trainer.js';

export interface OutOfFold {
  /** One probability row per example, in the examples' order, from the fold's head that did not learn it. */
  probabilities: number[][];
  /** Gold label index per example. */
  gold: number[];
}

export interface OutOfFoldOptions {
  kind: TrainedHeadKind;
  /** Folds (default 5); each label's examples are dealt over them in a seeded shuffle. */
  folds?: number;
  seed?: number;
  /** Fine-tuned only: the recipe (its seed is this one's). */
  train?: Omit<TrainOptions, 'seed' | 'onProgress'>;
}

/** Fold index per example: each label's examples shuffled (by seed) and dealt round-robin, so folds are stratified. */
export function stratifiedFolds(labels: readonly number[], folds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const fold = new Array<number>(labels.length).fill(0);
  const byClass = new Map<number, number[]>();
  labels.forEach((label, i) => byClass.set(label, [...(byClass.get(label) ?? []), i]));
  for (const label of [...byClass.keys()].sort((a, b) => a - b)) {
    shuffled(byClass.get(label) ?? [], random).forEach((index, k) => (fold[index] = k % folds));
  }
  return fold;
}

/** Scores every example with the recipe trained on the other folds (few-shot: its prototype head; fine-tuned: trainHead). */
export async function outOfFoldPredictions(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: OutOfFoldOptions,
): Promise<OutOfFold> {
  const seed = options.seed ?? 0;
  const folds = Math.max(2, Math.min(options.folds ?? 5, examples.length));
  const foldOf = stratifiedFolds(
    examples.map((e) => e.label),
    folds,
    seed,
  );
  const probabilities: number[][] = new Array<number[]>(examples.length);
  for (let k = 0; k < folds; k += 1) {
    const held = examples.map((_, i) => i).filter((i) => foldOf[i] === k);
    if (held.length === 0) continue;
    const train = examples.filter((_, i) => foldOf[i] !== k);
    const parameters =
      options.kind === 'few-shot'
        ? trainFewShotHead(train, labels)
        : (await trainHead(train, labels, { ...options.train, seed })).parameters;
    const rows = forward(
      parameters,
      held.map((i) => (examples[i] as LabelledEmbedding).embedding),
    );
    held.forEach((index, j) => (probabilities[index] = rows[j] as number[]));
  }
  return { probabilities, gold: examples.map((e) => e.label) };
}
