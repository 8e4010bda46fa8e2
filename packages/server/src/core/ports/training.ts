// What training needs from outside the core: write a head as an ONNX graph and run it; fit heads off the event loop.
import type { FitOptions, FittedHead } from '../training/fit.js';
import type { HeadParameters } from '../training/head-parameters.js';
import type { LabelledEmbedding } from '../training/trainer.js';

/** Turns head parameters into a serialised graph and loads such graphs for inference (implemented in inference/). */
export interface HeadGraphs {
  /** The serialised ONNX model of the head; the same parameters give the same bytes. */
  build(parameters: HeadParameters): Uint8Array;
  load(graph: Uint8Array): Promise<LoadedHeadGraph>;
}

/** A loaded head graph: a batch of embeddings in, one probability row per embedding out. */
export interface LoadedHeadGraph {
  run(embeddings: Float32Array[]): Promise<number[][]>;
  release(): Promise<void>;
}

/** Runs fitHead (fit.ts) somewhere: inline by default, or on a worker thread (training/fit-head-thread.ts). */
export type HeadFitter = (
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FitOptions,
) => Promise<FittedHead>;
