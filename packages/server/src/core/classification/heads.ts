// Heads: what turns a model's input texts (and their embeddings, when the head needs them) into label probabilities.
import type { Encoder } from '../ports/encoders.js';
import type { Model } from '../shared/types.js';

/** What a head reads: the texts, and their embeddings from the model's encoder, computed only when asked for. */
export interface HeadInput {
  texts: string[];
  /** Embeddings of `texts` from the model's encoder (shared with other models of the same request). */
  embeddings(): Promise<Float32Array[]>;
}

/** A model's classifier: zero-shot prototypes, a trained ONNX head, or an LLM endpoint. */
export interface Head {
  /** Label names, in the order of each probability row. */
  readonly labels: string[];
  /**
   * One row per text: probabilities in [0, 1] over all labels, summing to 1 (before label_filter / max_predictions);
   * for a multi-label model, independent scores in [0, 1] that need not sum to 1.
   */
  predict(input: HeadInput): Promise<number[][]>;
  /** Frees what the head holds (e.g. an ONNX session) once no request uses it. */
  release?(): Promise<void>;
}

/** Builds a model's head once per model version (e.g. embeds label descriptions); the result is cached by the caller. */
export type HeadFactory = (model: Model, encoder: Encoder) => Promise<Head>;
