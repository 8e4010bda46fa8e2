// Fits multi-label heads on a worker thread of their own, as fit-head-thread.ts does for single-label heads.
import type { MultiLabelHeadFitter } from '../../core/ports/training.js';
import type { FittedMultiLabelHead } from '../../core/training/fit-multi-label.js';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { MultiLabelFitReply, MultiLabelFitStart } from './fit-multi-label-worker.js';

/** One worker per fit; progress callbacks run here as the worker reports epochs; an abort signal ends the worker. */
export const fitMultiLabelOnThread: MultiLabelHeadFitter = async (examples, labels, options) => {
  const { onProgress, signal, ...train } = options.train ?? {};
  signal?.throwIfAborted();
  const start: MultiLabelFitStart = {
    examples: [...examples],
    labels: [...labels],
    options: { ...options, ...(options.train ? { train } : {}) },
  };
  const worker = spawnSiblingWorker(import.meta.url, 'fit-multi-label-worker', start);
  return new Promise<FittedMultiLabelHead>((resolve, reject) => {
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
    worker.on('message', (message: MultiLabelFitReply) => {
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
