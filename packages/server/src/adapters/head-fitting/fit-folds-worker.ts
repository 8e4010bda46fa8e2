// Worker-thread entry: fits the cross-validation folds it is given (core/training/fold-fits.ts) and posts each fold's result back.
import { parentPort, workerData } from 'node:worker_threads';
import { fitFold } from '../../core/training/fold-fits.js';
import type { FoldsReply, FoldsStart } from './fold-threads-protocol.js';

const port = parentPort;
if (!port) throw new Error('fit-folds-worker must run in a worker thread');
const { job, folds } = workerData as FoldsStart;
const reply = (message: FoldsReply) => port.postMessage(message);

try {
  for (const fold of folds) reply({ type: 'fold', fold, result: await fitFold(job, fold) });
  reply({ type: 'done' });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
