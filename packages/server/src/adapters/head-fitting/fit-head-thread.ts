// Fits heads on a worker thread of their own, so a long MLP training never holds the event loop that serves requests.
import type { FitOptions, FittedHead } from '../../core/training/fit.js';
import type { HeadFitter } from '../../core/ports/training.js';
import type { LabelledEmbedding } from '../../core/training/trainer.js';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { FitReply, FitStart } from './fit-head-protocol.js';

/**
 * One worker per fit (trainings are rare and long; a thread costs ~50 ms to start). Progress callbacks run here as the
 * worker reports epochs; an abort signal in the options ends the worker. The examples are copied to the worker.
 */
export const fitHeadOnThread: HeadFitter = async (
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FitOptions,
): Promise<FittedHead> => {
  const { onProgress, signal, ...train } = options.train ?? {};
  signal?.throwIfAborted();
  const start: FitStart = {
    examples: [...examples],
    labels: [...labels],
    options: { ...options, ...(options.train ? { train } : {}) },
  };
  const worker = spawnSiblingWorker(import.meta.url, 'fit-head-worker', start);
  return new Promise<FittedHead>((resolve, reject) => {
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
    worker.on('message', (message: FitReply) => {
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') finish(() => resolve(message.fitted));
      else finish(() => reject(new Error(message.message)));
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the training thread exited with code ${code} before it finished`))),
    );
  });
};
