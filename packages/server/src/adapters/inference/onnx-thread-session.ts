// An OnnxSession whose runs happen on a worker thread, so the event loop keeps serving requests during inference.
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { FloatInput, FloatOutput, Int64Input, OnnxSession } from './onnx-session.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './onnx-thread-protocol.js';

interface Pending {
  resolve(output: FloatOutput): void;
  reject(error: Error): void;
}

interface Started {
  worker: Worker;
  inputNames: string[];
  outputNames: string[];
}

/**
 * The worker's V8 heap: it only passes tensors (their bytes live outside the heap; onnxruntime's memory is native), so
 * a young generation of 1 MB is enough. Node's default sizes it like the main thread's: ~14 MiB more resident at ready
 * (three runs each, bench/README.md, "Memory").
 */
export const ONNX_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 1 };

/** Starts a worker on the model and waits until its session has loaded. */
function startWorker(start: WorkerStart): Promise<Started> {
  const worker = spawnSiblingWorker(import.meta.url, 'onnx-thread-entry', start, ONNX_WORKER_LIMITS);
  return new Promise<Started>((resolve, reject) => {
    const onExit = (code: number) =>
      reject(new Error(`the ONNX worker exited with code ${code} while loading the model`));
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.once('message', (message: WorkerReply) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (message.type === 'ready') {
        resolve({ worker, inputNames: message.inputNames, outputNames: message.outputNames });
      } else {
        void worker.terminate();
        reject(
          new Error(
            message.type === 'startFailed'
              ? message.message
              : `unexpected first message "${message.type}" from the ONNX worker`,
          ),
        );
      }
    });
  });
}

/**
 * Runs are queued in the worker in arrival order (one at a time, like an inline session). When the worker dies, the
 * runs it held fail and the next run starts a new worker with the same model, so one crash does not end the encoder.
 */
export class WorkerOnnxSession implements OnnxSession {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private current: Started | undefined;
  private restarting: Promise<Started> | undefined;
  private released = false;

  private constructor(
    private readonly start: WorkerStart,
    started: Started,
  ) {
    this.attach(started);
  }

  static async create(start: WorkerStart): Promise<WorkerOnnxSession> {
    return new WorkerOnnxSession(start, await startWorker(start));
  }

  get inputNames(): readonly string[] {
    return this.current?.inputNames ?? [];
  }

  get outputNames(): readonly string[] {
    return this.current?.outputNames ?? [];
  }

  runInt64(inputs: Record<string, Int64Input>, output: string): Promise<FloatOutput> {
    return this.send((id) => ({ type: 'runInt64', id, inputs, output }));
  }

  runFloat32(inputs: Record<string, FloatInput>, output: string): Promise<FloatOutput> {
    return this.send((id) => ({ type: 'runFloat32', id, inputs, output }));
  }

  /**
   * Lets the worker finish the runs it holds, release its session, and only then ends the thread: terminating a worker
   * in the middle of a native run aborts the whole process (onnxruntime-node throws from a torn-down environment).
   */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    const started = this.current;
    this.current = undefined;
    if (!started) return;
    const done = new Promise<void>((resolve) => {
      started.worker.on('message', (message: WorkerReply) => {
        if (message.type === 'released') resolve();
      });
      started.worker.once('exit', () => resolve());
    });
    started.worker.postMessage({ type: 'release' } satisfies WorkerRequest);
    await done;
    await started.worker.terminate();
  }

  private async send(request: (id: number) => WorkerRequest): Promise<FloatOutput> {
    if (this.released) throw new Error('the ONNX session was released');
    const { worker } = this.current ?? (await this.restart());
    const id = this.nextId++;
    return new Promise<FloatOutput>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      // Inputs are copied (structured clone), not transferred: callers read their masks again after the run.
      worker.postMessage(request(id));
    });
  }

  private restart(): Promise<Started> {
    this.restarting ??= startWorker(this.start).then(
      (started) => {
        this.restarting = undefined;
        if (this.released) {
          void started.worker.terminate();
          throw new Error('the ONNX session was released');
        }
        this.attach(started);
        return started;
      },
      (error: unknown) => {
        this.restarting = undefined;
        throw error;
      },
    );
    return this.restarting;
  }

  private attach(started: Started): void {
    this.current = started;
    const { worker } = started;
    worker.unref();
    worker.on('message', (message: WorkerReply) => {
      if (message.type !== 'result' && message.type !== 'failed') return;
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.type === 'result') pending.resolve({ data: message.data, dims: message.dims });
      else pending.reject(new Error(message.message));
    });
    worker.on('error', (error: Error) => this.lost(started, `the ONNX worker failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(started, `the ONNX worker exited with code ${code}`));
  }

  /** The worker is gone: fail what it held; the next run starts a new one. */
  private lost(started: Started, reason: string): void {
    if (this.current === started) this.current = undefined;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const pending of failed) pending.reject(new Error(reason));
  }
}
