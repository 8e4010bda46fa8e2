// An OnnxSession whose runs happen on a worker thread, so the event loop keeps serving requests during inference.
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { spawnSiblingWorker } from '../../threads/worker-thread.js';
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
 * (three runs each, bench/history/memory.md, "Memory").
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

/** Input cells (rows × sequence) of a run: its first input's elements. */
function cellsOf(inputs: Record<string, { dims: readonly number[] }>): number {
  const first = Object.values(inputs)[0];
  return first ? first.dims.reduce((product, n) => product * n, 1) : 0;
}

/**
 * Lets the worker finish the runs it holds, release its session, and only then ends the thread: terminating a worker
 * in the middle of a native run aborts the whole process (onnxruntime-node throws from a torn-down environment).
 */
async function retire(started: Started): Promise<void> {
  const done = new Promise<void>((resolve) => {
    started.worker.on('message', (message: WorkerReply) => {
      if (message.type === 'released') resolve();
    });
    started.worker.once('exit', () => resolve());
  });
  // An idle worker is unref'd; until it has let go, it must keep the process alive, or a caller awaiting this (a
  // script's last step) finds an empty event loop and Node exits with code 13 before the worker answers.
  started.worker.ref();
  started.worker.postMessage({ type: 'release' } satisfies WorkerRequest);
  await done;
  await started.worker.terminate();
}

/**
 * Runs are queued in the worker in arrival order (one at a time, like an inline session). When the worker dies, the
 * runs it held fail and the next run starts a new worker with the same model, so one crash does not end the encoder.
 * With trimAboveCells and trimAfterIdleMs, a worker that has run a large batch is replaced by a fresh one when idle.
 */
export class WorkerOnnxSession implements OnnxSession {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private started = 0;
  private current: Started | undefined;
  private restarting: Promise<Started> | undefined;
  private released = false;
  /** Input cells of the largest run the current worker has taken. */
  private largestRun = 0;
  private trimTimer: NodeJS.Timeout | undefined;
  private trimming = false;

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
    return this.send(cellsOf(inputs), (id) => ({ type: 'runInt64', id, inputs, output }));
  }

  runFloat32(inputs: Record<string, FloatInput>, output: string): Promise<FloatOutput> {
    return this.send(cellsOf(inputs), (id) => ({ type: 'runFloat32', id, inputs, output }));
  }

  /** Workers started so far (the first, restarts after a loss, fresh ones after a trim): for tests. */
  get workersStarted(): number {
    return this.started;
  }

  /** Releases the session (retire(): its runs finish first); the worker thread ends. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearTimeout(this.trimTimer);
    const started = this.current;
    this.current = undefined;
    if (started) await retire(started);
  }

  private async send(cells: number, request: (id: number) => WorkerRequest): Promise<FloatOutput> {
    if (this.released) throw new Error('the ONNX session was released');
    clearTimeout(this.trimTimer);
    this.trimTimer = undefined;
    const { worker } = this.current ?? (await this.restart());
    this.largestRun = Math.max(this.largestRun, cells);
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
    this.started++;
    this.largestRun = 0;
    const { worker } = started;
    worker.unref();
    worker.on('message', (message: WorkerReply) => {
      if (message.type !== 'result' && message.type !== 'failed') return;
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) {
        worker.unref();
        this.scheduleTrim();
      }
      if (message.type === 'result') pending.resolve({ data: message.data, dims: message.dims });
      else pending.reject(new Error(message.message));
    });
    worker.on('error', (error: Error) => this.lost(started, `the ONNX worker failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(started, `the ONNX worker exited with code ${code}`));
  }

  /** After a run larger than trimAboveCells, once idle for trimAfterIdleMs: trim(). */
  private scheduleTrim(): void {
    const { trimAboveCells, trimAfterIdleMs } = this.start.options;
    if (trimAboveCells === undefined || trimAfterIdleMs === undefined || this.largestRun <= trimAboveCells) return;
    clearTimeout(this.trimTimer);
    this.trimTimer = setTimeout(() => void this.trim(), trimAfterIdleMs);
    this.trimTimer.unref();
  }

  /**
   * Replaces the worker by a fresh one on the same model, and releases the old one with its memory arena. Runs never
   * wait for it: they go to the old worker until the fresh one is ready; if one is running then, the swap waits for the
   * next idle spell.
   */
  private async trim(): Promise<void> {
    const old = this.current;
    if (!old || this.trimming || this.released || this.pending.size > 0) return;
    this.trimming = true;
    try {
      const fresh = await startWorker(this.start);
      if (this.released || this.current !== old || this.pending.size > 0) {
        await fresh.worker.terminate();
        if (this.current === old) this.scheduleTrim();
        return;
      }
      this.attach(fresh);
      await retire(old);
    } catch {
      // A fresh worker that fails to start leaves the old one serving; the next idle spell tries again.
      this.scheduleTrim();
    } finally {
      this.trimming = false;
    }
  }

  /** The worker is gone: fail what it held; the next run starts a new one. A retired worker held nothing. */
  private lost(started: Started, reason: string): void {
    if (this.current !== started) return;
    this.current = undefined;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const pending of failed) pending.reject(new Error(reason));
  }
}
