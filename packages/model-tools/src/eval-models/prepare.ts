// An evaluation set embedded and split once (stratified by label and language together), for every method to score on.
import { clauseFeatures, stratifiedSplit, type Encoder } from '@textclass/server/core';
import type { PreparedTask } from './methods.js';
import type { EvalSet } from './sets.js';
import { trainingPerLabel } from './support.js';

/** Embeddings of texts, 64 texts an encoder call. */
export async function embedAll(encoder: Encoder, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await encoder.embed(texts.slice(i, i + 64))));
  return out;
}

/**
 * Embeds the set and splits it, stratified by label and language together, so every language is in both parts;
 * `holdout` of each cell is held out, and `seed` fixes the split.
 */
export async function prepareTask(
  set: EvalSet,
  encoder: Encoder,
  holdout: number,
  seed: number,
): Promise<PreparedTask> {
  const names = set.labels.map((l) => l.name);
  const texts = set.rows.map((r) => r.text);
  const embeddings = await embedAll(encoder, texts);
  // What a fine-tuned head may read besides (cross-validation chooses, as in training): the clauses' embeddings.
  const clauses = await clauseFeatures(texts, embeddings, (parts) => embedAll(encoder, parts));
  const cells = [...new Set(set.rows.map((r) => `${r.label}\u0000${r.lang}`))].sort();
  const split = stratifiedSplit(
    set.rows.map((r) => cells.indexOf(`${r.label}\u0000${r.lang}`)),
    holdout,
    seed,
  );
  const example = (i: number) => ({
    embedding: embeddings[i] as Float32Array,
    label: names.indexOf(set.rows[i]?.label ?? ''),
    clauses: clauses[i] as Float32Array,
  });
  const train = split.train.map(example);
  const trainLangs = split.train.map((i) => set.rows[i]?.lang ?? '');
  return {
    labels: set.labels,
    train,
    test: split.holdout.map(example),
    trainLangs,
    trainPerLabel: trainingPerLabel(train, trainLangs, names.length),
    testLangs: split.holdout.map((i) => set.rows[i]?.lang ?? ''),
  };
}
