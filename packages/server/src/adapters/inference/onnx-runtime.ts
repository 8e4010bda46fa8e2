// The one module that talks to onnxruntime-node: creates sessions, runs them, converts tensors.
import { availableParallelism } from 'node:os';
import * as ort from 'onnxruntime-node';
import { WorkerOnnxSession } from './onnx-worker-session.js';

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
  /** Writes the graph as optimised by onnxruntime to this path (to check which ops were fused). */
  optimizedModelPath?: string;
  /**
   * Where runs happen. 'inline' (default): on the calling thread; onnxruntime-node's run is synchronous, so the event
   * loop stops for the whole run, which suits models that run in microseconds (static encoders, heads). 'worker': the
   * session lives on its own worker thread, so requests are parsed, answered and batched while a model runs.
   */
  thread?: 'inline' | 'worker';
}

function sessionOptions(options: OnnxSessionOptions): ort.InferenceSession.SessionOptions {
  return {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: options.intraOpThreads ?? Math.min(availableParallelism(), 4),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    enableCpuMemArena: true,
    enableMemPattern: true,
    logSeverityLevel: 3,
    extra: { session: { intra_op: { allow_spinning: options.allowSpinning ? '1' : '0' } } },
    ...(options.optimizedModelPath ? { optimizedModelFilePath: options.optimizedModelPath } : {}),
  };
}

class OrtSession implements OnnxSession {
  constructor(private readonly session: ort.InferenceSession) {}

  get inputNames(): readonly string[] {
    return this.session.inputNames;
  }

  get outputNames(): readonly string[] {
    return this.session.outputNames;
  }

  async runInt64(inputs: Record<string, Int64Input>, outputName: string): Promise<FloatOutput> {
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, input] of Object.entries(inputs)) {
      feeds[name] = new ort.Tensor('int64', input.data, input.dims);
    }
    return this.run(feeds, outputName);
  }

  async runFloat32(inputs: Record<string, FloatInput>, outputName: string): Promise<FloatOutput> {
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, input] of Object.entries(inputs)) {
      feeds[name] = new ort.Tensor('float32', input.data, input.dims);
    }
    return this.run(feeds, outputName);
  }

  private async run(feeds: Record<string, ort.Tensor>, outputName: string): Promise<FloatOutput> {
    const results = await this.session.run(feeds, [outputName]);
    const output = results[outputName];
    if (!output) throw new Error(`ONNX model produced no output named "${outputName}"`);
    if (output.type !== 'float32') throw new Error(`ONNX output "${outputName}" is ${output.type}, expected float32`);
    return { data: output.data as Float32Array, dims: [...output.dims] };
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** Creates a CPU session for the model file at path (graph optimisation all, memory arena on). */
export async function createOnnxSession(path: string, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const { thread, ...rest } = options;
  if (thread === 'worker') return WorkerOnnxSession.create({ path, options: rest });
  const session = await ort.InferenceSession.create(path, sessionOptions(rest));
  return new OrtSession(session);
}

/** Creates a CPU session from serialised model bytes (used by tests and in-memory models). */
export async function createOnnxSessionFromBytes(bytes: Uint8Array, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const { thread, ...rest } = options;
  if (thread === 'worker') return WorkerOnnxSession.create({ bytes, options: rest });
  const session = await ort.InferenceSession.create(bytes, sessionOptions(rest));
  return new OrtSession(session);
}
