// Zero-shot scoring for multi-label models: each label an independent sigmoid of its similarity centred on the text's best label.
import type { Encoder } from '../ports/encoders.js';
import type { Model } from '../shared/types.js';
import type { Head } from './heads.js';
import { dot } from './vectors.js';
import { buildPrototypes, DEFAULT_LOGIT_SCALE, type LabelPrototypes } from './zero-shot.js';

/**
 * How far (in cosine similarity) below the text's best label a label may be and still score above 0.5, unless the
 * model's config sets `zero_shot_margin`.
 */
export const DEFAULT_ZERO_SHOT_MARGIN = 0.05;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * One score per label, independent of the others' scores (they need not sum to 1): with s_l the label's nearest
 * description similarity and s_max the best label's, score_l = σ(scale · (s_l − s_max + margin)). The best label
 * scores σ(scale · margin) (0.73 at the defaults); a label scores above 0.5 when it is within `margin` of the best,
 * so a text that matches two labels about equally well gets both. Each label is then compared with its own cut-off.
 */
export function scoreEmbeddingMultiLabel(
  prototypes: LabelPrototypes,
  embedding: Float32Array,
  logitScale: number,
  margin: number,
): number[] {
  const similarities = prototypes.prototypes.map((texts) =>
    texts.reduce((best, t) => Math.max(best, dot(embedding, t)), Number.NEGATIVE_INFINITY),
  );
  const top = Math.max(...similarities);
  return similarities.map((s) => sigmoid(logitScale * (s - top + margin)));
}

/** The zero-shot head of a multi-label model (config: `logitScale`, `zero_shot_margin`). */
export async function zeroShotMultiLabelHead(model: Model, encoder: Encoder): Promise<Head> {
  const prototypes = await buildPrototypes(encoder, model.labels);
  const scale = model.config.logitScale ?? DEFAULT_LOGIT_SCALE;
  const margin =
    typeof model.config.zero_shot_margin === 'number' ? model.config.zero_shot_margin : DEFAULT_ZERO_SHOT_MARGIN;
  return {
    labels: prototypes.labels,
    predict: async (input) =>
      (await input.embeddings()).map((e) => scoreEmbeddingMultiLabel(prototypes, e, scale, margin)),
  };
}
