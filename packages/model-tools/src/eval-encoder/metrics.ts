// Retrieval top-1, zero-shot accuracy and vocabulary coverage over embeddings of the evaluation set.
import {
  buildPrototypes,
  DEFAULT_LOGIT_SCALE,
  dot,
  type Encoder,
  type LabelDefinition,
  scoreEmbedding,
} from '@textclass/server/core';

/** Share of queries whose most similar candidate is the one at the same index (ties count as misses). */
export function retrievalTop1(queries: Float32Array[], candidates: Float32Array[]): number {
  let hits = 0;
  queries.forEach((query, i) => {
    const own = dot(query, candidates[i] as Float32Array);
    const beaten = candidates.some((c, j) => j !== i && dot(query, c) >= own);
    if (!beaten) hits++;
  });
  return hits / queries.length;
}

/** Share of texts whose highest-scoring label (prototypes of the English label descriptions) is the gold one. */
export async function zeroShotAccuracy(
  encoder: Encoder,
  labels: LabelDefinition[],
  embeddings: Float32Array[],
  gold: string[],
) {
  const prototypes = await buildPrototypes(encoder, labels);
  let right = 0;
  embeddings.forEach((embedding, i) => {
    const probs = scoreEmbedding(prototypes, embedding, DEFAULT_LOGIT_SCALE);
    if (prototypes.labels[probs.indexOf(Math.max(...probs))] === gold[i]) right++;
  });
  return right / embeddings.length;
}

/** Sentences per second of encoder.embed over `texts`, in batches of `batch`, best of `rounds`. */
export async function throughput(encoder: Encoder, texts: string[], batch: number, rounds: number): Promise<number> {
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < texts.length; i += batch) await encoder.embed(texts.slice(i, i + batch));
    best = Math.max(best, texts.length / ((performance.now() - started) / 1000));
  }
  return best;
}
