// Messages between the training worker (fit-head-thread.ts) and its worker thread (fit-head-worker.ts).
import type { FitOptions, FittedHead } from '../../core/training/fit.js';
import type { LabelledEmbedding } from '../../core/training/trainer.js';
import type { FitThreadReply } from './fit-on-thread.js';

/** workerData: one fit, its options without the progress callback (progress comes back as messages). */
export interface FitStart {
  examples: LabelledEmbedding[];
  labels: string[];
  options: FitOptions;
}

export type FitReply = FitThreadReply<FittedHead>;
