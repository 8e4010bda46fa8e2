// What training needs from outside the core: write a head as an ONNX graph and run it; fit heads off the event loop.
import type { FitOptions, FittedHead } from '../training/fit.js';
import type { HeadParameters } from '../training/head-parameters.js';
import type { LabelledEmbedding } from '../training/trainer.js';
import type { FitMultiLabelOptions, FittedMultiLabelHead } from '../training/fit-multi-label.js';
import type { MultiLabelledEmbedding } from '../training/multi-label-trainer.js';

/** Turns head parameters into a serialised graph and loads such graphs for inference (implemented in inference/). */
export interface HeadGraphs {
  /** The serialised ONNX model of the head; the same parameters give the same bytes. */
  build(parameters: HeadParameters): Uint8Array;
  load(graph: Uint8Array): Promise<LoadedHeadGraph>;
  /**
   * Why `graph` cannot serve a model that needs `required`, or null when it can: a graph from outside (an import) is
   * checked with this before it is stored, so deploy and inference never meet a graph they cannot run.
   */
  check(graph: Uint8Array, required: HeadGraphRequirement): Promise<HeadGraphProblem | null>;
}

/** What a head graph must be to serve a model: embeddings of the encoder's dimension in, one probability per label out. */
export interface HeadGraphRequirement {
  inputDim: number;
  labels: number;
  /** A multi-label model: independent scores in [0, 1] that need not sum to 1. */
  multiLabel?: boolean;
}

/** Why a graph cannot serve: not a head graph at all, other input, other output, or another number of labels. */
export interface HeadGraphProblem {
  part: 'format' | 'input' | 'output' | 'labels';
  problem: string;
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

/** Runs fitMultiLabelHead (fit-multi-label.ts) somewhere: inline by default, or on a worker thread. */
export type MultiLabelHeadFitter = (
  examples: readonly MultiLabelledEmbedding[],
  labels: readonly string[],
  options: FitMultiLabelOptions,
) => Promise<FittedMultiLabelHead>;
