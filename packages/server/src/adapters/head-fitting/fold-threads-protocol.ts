// Messages between a fold runner (fold-threads.ts) and its helper thread (fit-folds-worker.ts).
import type { FoldJob, FoldResult } from '../../core/training/fold-fits.js';

/** workerData: the selection's shared job and the folds this thread fits. */
export interface FoldsStart {
  job: FoldJob;
  folds: number[];
}

export type FoldsReply =
  { type: 'fold'; fold: number; result: FoldResult } | { type: 'done' } | { type: 'failed'; message: string };
