// Zero-shot scoring: a text against each label's texts (its name and descriptions), by the nearest one, softmax-calibrated.
import { dot, softmax } from './vectors.js';
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
  return softmax(
    prototypes.prototypes.map((texts) => {
      let best = Number.NEGATIVE_INFINITY;
      for (const text of texts) best = Math.max(best, dot(embedding, text));
      return logitScale * best;
    }),
  );
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
const SCALE_GRID = [1, 2, 3, 5, 7, 10, 15, 20, 30, 40, 50, 70, 100];

/** Picks the logit scale with the lowest negative log-likelihood on a labelled set (temperature calibration). */
export function calibrateLogitScale(
  prototypes: LabelPrototypes,
  embeddings: Float32Array[],
  goldLabels: string[],
): number {
  let best = DEFAULT_LOGIT_SCALE;
  let bestLoss = Number.POSITIVE_INFINITY;
  for (const scale of SCALE_GRID) {
    let loss = 0;
    embeddings.forEach((embedding, i) => {
      const probs = scoreEmbedding(prototypes, embedding, scale);
      const gold = prototypes.labels.indexOf(goldLabels[i] ?? '');
      loss -= Math.log(Math.max(probs[gold] ?? 0, 1e-12));
    });
    if (loss < bestLoss) {
      bestLoss = loss;
      best = scale;
    }
  }
  return best;
}
