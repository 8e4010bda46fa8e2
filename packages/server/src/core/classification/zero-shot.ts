// Zero-shot scoring: a text against each label's texts (its name and descriptions), by the nearest one, softmax-calibrated.
import { dot, softmax } from './vectors.js';
import { fitTemperature } from '../training/calibration.js';
import type { Head } from './heads.js';
import type { Encoder } from '../ports/encoders.js';
import type { LabelDefinition, Model } from '../shared/types.js';

export interface LabelPrototypes {
  labels: string[];
  /** Per label, one vector per label text (its name, then each description). */
  prototypes: Float32Array[][];
}

/** The texts that describe a label: its descriptions plus its name in words ("technical_issue" → "technical issue"). */
export function labelTexts(label: LabelDefinition): string[] {
  return [label.name.replace(/[_-]+/g, ' '), ...label.descriptions];
}

export async function buildPrototypes(encoder: Encoder, labels: LabelDefinition[]): Promise<LabelPrototypes> {
  const prototypes: Float32Array[][] = [];
  for (const label of labels) prototypes.push(await encoder.embed(labelTexts(label)));
  return { labels: labels.map((l) => l.name), prototypes };
}

/**
 * Probabilities over all labels (summing to 1) for one text embedding. A label's score is its nearest text: each
 * description may name another facet ("a refund", "money back for a return"), and a mean of them matches none well.
 */
export function scoreEmbedding(prototypes: LabelPrototypes, embedding: Float32Array, logitScale: number): number[] {
  return softmax(prototypes.prototypes.map((texts) => logitScale * nearest(embedding, texts)));
}

/**
 * The largest dot() of the embedding with any of the texts. Four texts at a time as four independent sums, each added
 * in dot()'s order (the same double), so the processor overlaps them instead of waiting on one chain of additions.
 */
function nearest(embedding: Float32Array, texts: readonly Float32Array[]): number {
  let best = Number.NEGATIVE_INFINITY;
  const n = embedding.length;
  let t = 0;
  for (; t + 4 <= texts.length; t += 4) {
    const a = texts[t] as Float32Array;
    const b = texts[t + 1] as Float32Array;
    const c = texts[t + 2] as Float32Array;
    const d = texts[t + 3] as Float32Array;
    if (a.length !== n || b.length !== n || c.length !== n || d.length !== n) break;
    let sa = 0;
    let sb = 0;
    let sc = 0;
    let sd = 0;
    for (let i = 0; i < n; i++) {
      const e = embedding[i] as number;
      sa += e * (a[i] as number);
      sb += e * (b[i] as number);
      sc += e * (c[i] as number);
      sd += e * (d[i] as number);
    }
    best = Math.max(best, sa, sb, sc, sd);
  }
  for (; t < texts.length; t++) best = Math.max(best, dot(embedding, texts[t] as Float32Array));
  return best;
}

export const DEFAULT_LOGIT_SCALE = 20;

/** The zero-shot head: label prototypes from the model's descriptions, softmax at the model's calibrated scale. */
export async function zeroShotHead(model: Model, encoder: Encoder): Promise<Head> {
  const prototypes = await buildPrototypes(encoder, model.labels);
  const scale = model.config.logitScale ?? DEFAULT_LOGIT_SCALE;
  return {
    labels: prototypes.labels,
    predict: async (input) => (await input.embeddings()).map((e) => scoreEmbedding(prototypes, e, scale)),
  };
}
/** Each row's log-probabilities at scale 1: logits up to a constant per row, so softmax(row / T) is the scale-1/T softmax. */
export function zeroShotLogits(prototypes: LabelPrototypes, embeddings: readonly Float32Array[]): number[][] {
  return embeddings.map((embedding) => scoreEmbedding(prototypes, embedding, 1).map((p) => Math.log(p)));
}

/**
 * The logit scale 1 / T of the temperature T that training fits on a labelled set (fitTemperature: the lowest
 * negative log-likelihood); the default scale without labelled rows.
 */
export function calibrateLogitScale(
  prototypes: LabelPrototypes,
  embeddings: Float32Array[],
  goldLabels: string[],
): number {
  const rows = embeddings.flatMap((embedding, i) => {
    const gold = prototypes.labels.indexOf(goldLabels[i] ?? '');
    return gold < 0 ? [] : [{ embedding, gold }];
  });
  if (rows.length === 0) return DEFAULT_LOGIT_SCALE;
  const temperature = fitTemperature(
    zeroShotLogits(
      prototypes,
      rows.map((r) => r.embedding),
    ),
    rows.map((r) => r.gold),
  );
  return 1 / temperature;
}
