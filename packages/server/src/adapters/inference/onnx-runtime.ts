// The one module that talks to onnxruntime-node: creates sessions, runs them, converts tensors.
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import * as ort from 'onnxruntime-node';
import { withMappedInitializers } from './onnx-mapped-initializers.js';
import type { FloatInput, FloatOutput, Int64Input, OnnxSession, OnnxSessionOptions } from './onnx-session.js';
import { WorkerOnnxSession } from './onnx-thread-session.js';

export type { FloatInput, FloatOutput, Int64Input, OnnxSession, OnnxSessionOptions };

function sessionOptions(options: OnnxSessionOptions, externalDataFolder?: string): ort.InferenceSession.SessionOptions {
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

/**
 * Creates a CPU session for the model file at path (graph optimisation all, memory arena on); with
 * mapLargeInitializers, its large initializers stay in the file, memory-mapped (withMappedInitializers).
 */
export async function createOnnxSession(path: string, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const { thread, ...rest } = options;
  if (thread === 'worker') return WorkerOnnxSession.create({ path, options: rest });
  const mapped = rest.mapLargeInitializers ? await withMappedInitializers(path) : undefined;
  if (mapped)
    return new OrtSession(await ort.InferenceSession.create(mapped.bytes, sessionOptions(rest, dirname(path))));
  const session = await ort.InferenceSession.create(path, sessionOptions(rest));
  return new OrtSession(session);
}

/** Creates a CPU session from serialised model bytes (used by tests and in-memory models). */
export async function createOnnxSessionFromBytes(
  bytes: Uint8Array,
  options: OnnxSessionOptions = {},
): Promise<OnnxSession> {
  const { thread, ...rest } = options;
  if (thread === 'worker') return WorkerOnnxSession.create({ bytes, options: rest });
  const session = await ort.InferenceSession.create(bytes, sessionOptions(rest));
  return new OrtSession(session);
}
