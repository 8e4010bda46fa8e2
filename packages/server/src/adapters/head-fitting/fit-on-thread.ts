// The one way a fit runs on a worker thread of its own: start it, relay its progress, honour an abort, settle once.
import type { TrainProgress } from '../../core/training/trainer.js';
import { spawnSiblingWorker } from '../threads/worker-thread.js';

/** What a fit worker posts: progress while it trains, then its result or why it failed. */
export type FitThreadReply<Fitted> =
  | { type: 'progress'; progress: TrainProgress }
  | { type: 'done'; fitted: Fitted }
  | { type: 'failed'; message: string };

/**
 * Runs the sibling worker module `workerName` on `start` and resolves with what it fitted. One worker per fit
 * (trainings are rare and long; a thread costs ~50 ms to start); `onProgress` runs here as the worker reports, an
 * abort `signal` ends the worker.
 */
export function fitOnThread<Fitted>(
  moduleUrl: string,
  workerName: string,
  start: unknown,
  { onProgress, signal }: { onProgress?: (progress: TrainProgress) => void; signal?: AbortSignal },
): Promise<Fitted> {
  signal?.throwIfAborted();
  const worker = spawnSiblingWorker(moduleUrl, workerName, start);
  return new Promise<Fitted>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error('the training was aborted')));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: FitThreadReply<Fitted>) => {
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') finish(() => resolve(message.fitted));
      else finish(() => reject(new Error(message.message)));
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the training thread exited with code ${code} before it finished`))),
    );
  });
}
