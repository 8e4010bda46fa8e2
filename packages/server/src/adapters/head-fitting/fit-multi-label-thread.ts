// Fits multi-label heads on a worker thread of their own, as fit-head-thread.ts does for single-label heads.
import type { MultiLabelHeadFitter } from '../../core/ports/training.js';
import type { FittedMultiLabelHead } from '../../core/training/fit-multi-label.js';
import type { MultiLabelFitStart } from './fit-multi-label-worker.js';
import { fitOnThread } from './fit-on-thread.js';

/** One worker per fit (fit-on-thread.ts); progress and aborts stay here. */
export const fitMultiLabelOnThread: MultiLabelHeadFitter = async (examples, labels, options) => {
  const { onProgress, signal, ...train } = options.train ?? {};
  const start: MultiLabelFitStart = {
    examples: [...examples],
    labels: [...labels],
    options: { ...options, ...(options.train ? { train } : {}) },
  };
  return fitOnThread<FittedMultiLabelHead>(import.meta.url, 'fit-multi-label-worker', start, { onProgress, signal });
};
