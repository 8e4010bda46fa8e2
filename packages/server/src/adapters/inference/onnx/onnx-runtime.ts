// The one module that talks to onnxruntime-node: creates sessions, runs them, converts tensors.
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { withMappedInitializers } from './onnx-mapped-initializers.js';
import type { FloatInput, FloatOutput, Int64Input, OnnxSession, OnnxSessionOptions } from './onnx-session.js';
import { PooledOnnxSession } from './onnx-session-pool.js';
import { WorkerOnnxSession } from './onnx-thread-session.js';
import type { WorkerStart } from './onnx-thread-protocol.js';

export type { FloatInput, FloatOutput, Int64Input, OnnxSession, OnnxSessionOptions };

type OrtModule = typeof Ort;
let ortModule: Promise<OrtModule> | undefined;

/**
 * onnxruntime-node, loaded on the first session: a server whose encoders are all static (run in JavaScript) and
 * that runs no trained head never loads its native library (about 24 MiB of code and its allocations).
 */
function loadOrt(): Promise<OrtModule> {
  ortModule ??= import('onnxruntime-node');
  return ortModule;
}

function sessionOptions(options: OnnxSessionOptions, externalDataFolder?: string): Ort.InferenceSession.SessionOptions {
  const folder = externalDataFolder ? { model_external_initializers_file_folder_path: externalDataFolder } : {};
  return {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: options.intraOpThreads ?? Math.min(availableParallelism(), 4),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    enableCpuMemArena: true,
    enableMemPattern: true,
    logSeverityLevel: 3,
    extra: { session: { intra_op: { allow_spinning: options.allowSpinning ? '1' : '0' }, ...folder } },
    ...(options.optimizedModelPath ? { optimizedModelFilePath: options.optimizedModelPath } : {}),
  };
}

class OrtSession implements OnnxSession {
  constructor(
    private readonly ort: OrtModule,
    private readonly session: Ort.InferenceSession,
  ) {}

  get inputNames(): readonly string[] {
    return this.session.inputNames;
  }

  get outputNames(): readonly string[] {
    return this.session.outputNames;
  }

  async runInt64(inputs: Record<string, Int64Input>, outputName: string): Promise<FloatOutput> {
    const feeds: Record<string, Ort.Tensor> = Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [name, new this.ort.Tensor('int64', input.data, input.dims)]),
    );
    return this.run(feeds, outputName);
  }

  async runFloat32(inputs: Record<string, FloatInput>, outputName: string): Promise<FloatOutput> {
    const feeds: Record<string, Ort.Tensor> = Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [name, new this.ort.Tensor('float32', input.data, input.dims)]),
    );
    return this.run(feeds, outputName);
  }

  private async run(feeds: Record<string, Ort.Tensor>, outputName: string): Promise<FloatOutput> {
    const results = await this.session.run(feeds, [outputName]);
    const output = Object.hasOwn(results, outputName) ? results[outputName] : undefined;
    if (!output) throw new Error(`ONNX model produced no output named "${outputName}"`);
    if (output.type !== 'float32') throw new Error(`ONNX output "${outputName}" is ${output.type}, expected float32`);
    return { data: output.data as Float32Array, dims: [...output.dims] };
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** One worker thread's session, or several side by side (PooledOnnxSession). */
function workerSession(start: WorkerStart, workers = 1): Promise<OnnxSession> {
  return workers > 1 ? PooledOnnxSession.create(start, workers) : WorkerOnnxSession.create(start);
}

/**
 * Creates a CPU session for the model file at path (graph optimisation all, memory arena on); with
 * mapLargeInitializers, its large initializers stay in the file, memory-mapped (withMappedInitializers).
 */
export async function createOnnxSession(path: string, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const { thread, workers, ...rest } = options;
  if (thread === 'worker') return workerSession({ path, options: rest }, workers);
  const ort = await loadOrt();
  const mapped = rest.mapLargeInitializers ? await withMappedInitializers(path) : undefined;
  if (mapped)
    return new OrtSession(ort, await ort.InferenceSession.create(mapped.bytes, sessionOptions(rest, dirname(path))));
  return new OrtSession(ort, await ort.InferenceSession.create(path, sessionOptions(rest)));
}

/** Creates a CPU session from serialised model bytes (used by tests and in-memory models). */
export async function createOnnxSessionFromBytes(
  bytes: Uint8Array,
  options: OnnxSessionOptions = {},
): Promise<OnnxSession> {
  const { thread, workers, ...rest } = options;
  if (thread === 'worker') return workerSession({ bytes, options: rest }, workers);
  const ort = await loadOrt();
  return new OrtSession(ort, await ort.InferenceSession.create(bytes, sessionOptions(rest)));
}
