// Zero-shot scoring: texts against label prototypes built from plain-text descriptions, softmax-calibrated.
import { dot, meanDirection, softmax } from './vectors.js';
import type { Head } from './heads.js';
import type { Encoder } from '../ports/encoders.js';
import type { LabelDefinition, Model } from '../shared/types.js';

export interface LabelPrototypes {
  labels: string[];
  prototypes: Float32Array[];
}

/** The texts that describe a label: its descriptions plus its name in words ("technical_issue" → "technical issue"). */
export function labelTexts(label: LabelDefinition): string[] {
  return [label.name.replace(/[_-]+/g, ' '), ...label.descriptions];
}

export async function buildPrototypes(encoder: Encoder, labels: LabelDefinition[]): Promise<LabelPrototypes> {
  const prototypes: Float32Array[] = [];
  for (const label of labels) {
    const vectors = await encoder.embed(labelTexts(label));
    prototypes.push(meanDirection(vectors, encoder.dimension));
  }
  return { labels: labels.map((l) => l.name), prototypes };
}

/** Probabilities over all labels (summing to 1) for one text embedding. */
export function scoreEmbedding(prototypes: LabelPrototypes, embedding: Float32Array, logitScale: number): number[] {
  return softmax(prototypes.prototypes.map((p) => logitScale * dot(embedding, p)));
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
