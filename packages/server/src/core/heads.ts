// Heads: what turns text embeddings into label probabilities for one model version (zero-shot now, trained heads later).
import type { Encoder } from './ports.js';
import type { Model } from './types.js';

/** A model's classifier over embeddings of its encoder. */
export interface Head {
  /** Label names, in the order of each probability row. */
  readonly labels: string[];
  /** One row per embedding: probabilities in [0, 1] over all labels, summing to 1 (before label_filter / max_predictions). */
  predict(embeddings: Float32Array[]): number[][];
}

/** Builds a model's head once per model version (e.g. embeds label descriptions); the result is cached by the caller. */
export type HeadFactory = (model: Model, encoder: Encoder) => Promise<Head>;
