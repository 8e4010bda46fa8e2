// What the core needs from the inference runtime to serve a trained head: write it as an ONNX graph and run that graph.
import type { HeadParameters } from './head-parameters.js';

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
