// Fits heads on a worker thread of their own, so a long MLP training never holds the event loop that serves requests.
import type { FitOptions, FittedHead } from '../../core/training/fit.js';
import type { HeadFitter } from '../../core/ports/training.js';
import type { LabelledEmbedding } from '../../core/training/trainer.js';
import type { FitStart } from './fit-head-protocol.js';
import { fitOnThread } from './fit-on-thread.js';

/** One worker per fit (fit-on-thread.ts); the examples are copied to the worker, progress and aborts stay here. */
export const fitHeadOnThread: HeadFitter = async (
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FitOptions,
): Promise<FittedHead> => {
  const { onProgress, signal, ...train } = options.train ?? {};
  // The worker runs its folds on two threads (fit-head-worker.ts): a runner given here would not cross to it.
  const { runFolds: _here, ...sent } = options;
  const start: FitStart = {
    examples: [...examples],
    labels: [...labels],
    options: { ...sent, ...(options.train ? { train } : {}) },
  };
  return fitOnThread<FittedHead>(import.meta.url, 'fit-head-worker', start, { onProgress, signal });
};
