// Messages between the main thread and an ONNX session's worker thread (onnx-thread-session.ts ↔ onnx-thread-entry.ts).
import type { FloatInput, Int64Input, OnnxSessionOptions } from './onnx-session.js';

/** workerData: what the worker loads (a file path or model bytes) and the session options it loads it with. */
export interface WorkerStart {
  path?: string;
  bytes?: Uint8Array;
  options: Omit<OnnxSessionOptions, 'thread'>;
}

export type WorkerRequest =
  | { type: 'runInt64'; id: number; inputs: Record<string, Int64Input>; output: string }
  | { type: 'runFloat32'; id: number; inputs: Record<string, FloatInput>; output: string }
  | { type: 'release' };

export type WorkerReply =
  | { type: 'ready'; inputNames: string[]; outputNames: string[] }
  | { type: 'startFailed'; message: string }
  | { type: 'result'; id: number; data: Float32Array; dims: readonly number[] }
  | { type: 'failed'; id: number; message: string }
  | { type: 'released' };
