// What an ONNX session is to its users, whichever thread it runs on: the session, its tensors and its options.

/** A loaded ONNX model that can be run; wraps an onnxruntime InferenceSession. */
export interface OnnxSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /** Runs the model on int64 inputs and returns the named float32 output. */
  runInt64(inputs: Record<string, Int64Input>, outputName: string): Promise<FloatOutput>;
  /** Runs the model on float32 inputs and returns the named float32 output. */
  runFloat32(inputs: Record<string, FloatInput>, outputName: string): Promise<FloatOutput>;
  release(): Promise<void>;
}

/** A row-major int64 tensor given as its data and dimensions. */
export interface Int64Input {
  data: BigInt64Array;
  dims: readonly number[];
}

/** A row-major float32 tensor given as its data and dimensions. */
export interface FloatInput {
  data: Float32Array;
  dims: readonly number[];
}

/** A row-major float32 tensor returned by a run. */
export interface FloatOutput {
  data: Float32Array;
  dims: readonly number[];
}

export interface OnnxSessionOptions {
  /** Threads used inside one operator; default min(CPU count, 4). */
  intraOpThreads?: number;
  /**
   * Let idle intra-op threads spin-wait for the next operator (onnxruntime's default). Off by default here: the
   * server's event loop shares the cores with those threads, and spinning took CPU from it (and from the next batch's
   * tokenisation): measured on 2 shared cores, batch 32 ran at 105 texts/s spinning vs 123 without (npm run bench:inference).
   */
  allowSpinning?: boolean;
  /**
   * Leave initializers of ≥ 1 MiB in the model file, memory-mapped by onnxruntime, instead of copying them into
   * anonymous memory: only the pages runs read become resident, and the kernel can drop them again. For graphs whose
   * kernels read their initializers in place (the static encoders' Gather); a kernel that pre-packs its weights would
   * hold a copy besides the mapped pages.
   */
  mapLargeInitializers?: boolean;
  /**
   * A 'worker' session gives its memory back after a large run: once a run of more than trimAboveCells input cells
   * (rows × sequence) has happened and no run has come for trimAfterIdleMs, a fresh worker loads the model, takes over,
   * and the old one is released. onnxruntime's CPU memory arena keeps the peak of the largest run for the session's
   * life (turning the arena off made runs slower and left more behind, glibc keeping the freed blocks), so releasing the
   * session is what returns it. Absent: never.
   */
  trimAboveCells?: number;
  trimAfterIdleMs?: number;
  /** Writes the graph as optimised by onnxruntime to this path (to check which ops were fused). */
  optimizedModelPath?: string;
  /**
   * Where runs happen. 'inline' (default): on the calling thread; onnxruntime-node's run is synchronous, so the event
   * loop stops for the whole run, which suits models that run in microseconds (static encoders, heads). 'worker': the
   * session lives on its own worker thread, so requests are parsed, answered and batched while a model runs.
   */
  thread?: 'inline' | 'worker';
  /**
   * With thread 'worker': how many worker threads hold a session of the model, each run going to the one with the
   * fewest runs in flight (onnx-session-pool.ts). Default 1. Set intraOpThreads with it: each session has its own.
   */
  workers?: number;
}
