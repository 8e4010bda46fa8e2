// Zero-shot scoring: a text against each label's weighted texts (name, descriptions, phrases), pooled, softmax-calibrated.
import { dot, softmax } from './vectors.js';
import { fitTemperature } from '../training/calibration.js';
import type { Head } from './heads.js';
import type { Encoder } from '../ports/encoders.js';
import type { LabelDefinition, Model, WeightedText } from '../shared/types.js';

export interface LabelPrototypes {
  labels: string[];
  /** Per label, one vector per label text (its name, then each description, then each phrase). */
  prototypes: Float32Array[][];
  /** Per label, the weight of each of its texts (same order as prototypes); absent: every text weighs 1. */
  weights?: number[][];
  /** Per label, the unit weighted mean of its texts (the `mean` scoring's direction); absent: computed when needed. */
  means?: Float32Array[];
}

/** How a label's texts become one score: a weighted log-sum-exp of their similarities, or the cosine to their mean. */
export type ZeroShotScoring = 'pooled' | 'mean';

/**
 * The texts that describe a label, each with its weight: its name in words ("technical_issue" → "technical issue",
 * weight 1), its descriptions, then its example phrases.
 */
export function labelTexts(label: LabelDefinition): WeightedText[] {
  return [
    { text: label.name.replace(/[_-]+/g, ' '), weight: 1 },
    ...label.descriptions.map((text, i) => ({ text, weight: label.description_weights?.[i] ?? 1 })),
    ...(label.phrases ?? []),
  ];
}

export async function buildPrototypes(encoder: Encoder, labels: LabelDefinition[]): Promise<LabelPrototypes> {
  const prototypes: Float32Array[][] = [];
  const weights: number[][] = [];
  for (const label of labels) {
    const texts = labelTexts(label);
    prototypes.push(await encoder.embed(texts.map((t) => t.text)));
    weights.push(texts.map((t) => t.weight));
  }
  const means = prototypes.map((vectors, j) => meanDirection(vectors, weights[j]));
  return { labels: labels.map((l) => l.name), prototypes, weights, means };
}

/** The unit vector along the weighted mean of a label's text vectors (every text weighs 1 without weights). */
export function meanDirection(vectors: readonly Float32Array[], weights: readonly number[] | undefined): Float32Array {
  const out = new Float32Array(vectors[0]?.length ?? 0);
  vectors.forEach((v, t) => {
    const w = weights?.[t] ?? 1;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + w * (v[i] as number);
  });
  const norm = Math.sqrt(dot(out, out)) || 1;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / norm;
  return out;
}

/**
 * How sharply a label's score follows its nearest text: the score is a weighted log-sum-exp of the text
 * similarities at this sharpness, between the mean direction (0) and the nearest text alone (infinity). Measured on
 * eval/dev (scripts/eval-zero-shot.ts) against the mean direction, the nearest text, centring on the mean over labels
 * and a margin against the other labels' texts: 10 was best or within a text of the best on both sets and encoders.
 */
export const POOL_SHARPNESS = 10;

/**
 * Probabilities over all labels (summing to 1) for one text embedding. `pooled` (the default): a label's score pools
 * its texts' similarities: each description or phrase may name another facet ("a refund", "money back for a return"),
 * so the nearest counts most, but a text that matches several of a label's facets scores higher than one matching
 * one, and a text's weight is its share of the pool. `mean`: the cosine to the label's mean direction (one dot
 * product per label), which a model chooses when it reads its labelled texts better (zero-shot-scoring-choice.ts).
 */
export function scoreEmbedding(
  prototypes: LabelPrototypes,
  embedding: Float32Array,
  logitScale: number,
  scoring: ZeroShotScoring = 'pooled',
): number[] {
  if (scoring === 'mean')
    return softmax(
      prototypes.prototypes.map(
        (texts, j) =>
          logitScale * dot(embedding, prototypes.means?.[j] ?? meanDirection(texts, prototypes.weights?.[j])),
      ),
    );
  return softmax(
    prototypes.prototypes.map(
      (texts, j) => logitScale * pooledSimilarity(similarities(embedding, texts), prototypes.weights?.[j]),
    ),
  );
}

/** A weighted log-sum-exp of similarities at POOL_SHARPNESS, computed from the largest so it cannot overflow. */
export function pooledSimilarity(sims: number[], weights: readonly number[] | undefined): number {
  const top = Math.max(...sims);
  let total = 0;
  let mass = 0;
  sims.forEach((s, i) => {
    const w = weights?.[i] ?? 1;
    total += w;
    mass += w * Math.exp(POOL_SHARPNESS * (s - top));
  });
  return top + Math.log(mass / total) / POOL_SHARPNESS;
}

/**
 * The dot() of the embedding with each of the texts. Four texts at a time as four independent sums, each added in
 * dot()'s order (the same double), so the processor overlaps them instead of waiting on one chain of additions.
 */
function similarities(embedding: Float32Array, texts: readonly Float32Array[]): number[] {
  const out: number[] = [];
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
    out.push(sa, sb, sc, sd);
  }
  for (; t < texts.length; t++) out.push(dot(embedding, texts[t] as Float32Array));
  return out;
}

export const DEFAULT_LOGIT_SCALE = 20;

/**
 * The zero-shot head: label prototypes from the model's descriptions, scored by the model's scoring rule (config
 * `zeroShotScoring`, absent: pooled), softmax at the model's calibrated scale.
 */
export async function zeroShotHead(model: Model, encoder: Encoder): Promise<Head> {
  const prototypes = await buildPrototypes(encoder, model.labels);
  const scale = model.config.logitScale ?? DEFAULT_LOGIT_SCALE;
  const scoring = model.config.zeroShotScoring ?? 'pooled';
  return {
    labels: prototypes.labels,
    predict: async (input) => (await input.embeddings()).map((e) => scoreEmbedding(prototypes, e, scale, scoring)),
  };
}
/** Each row's log-probabilities at scale 1: logits up to a constant per row, so softmax(row / T) is the scale-1/T softmax. */
export function zeroShotLogits(
  prototypes: LabelPrototypes,
  embeddings: readonly Float32Array[],
  scoring: ZeroShotScoring = 'pooled',
): number[][] {
  return embeddings.map((embedding) => scoreEmbedding(prototypes, embedding, 1, scoring).map((p) => Math.log(p)));
}

/**
 * The logit scale 1 / T of the temperature T that training fits on a labelled set (fitTemperature: the lowest
 * negative log-likelihood); the default scale without labelled rows.
 */
export function calibrateLogitScale(
  prototypes: LabelPrototypes,
  embeddings: Float32Array[],
  goldLabels: string[],
  scoring: ZeroShotScoring = 'pooled',
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
      scoring,
    ),
    rows.map((r) => r.gold),
  );
  return 1 / temperature;
}
