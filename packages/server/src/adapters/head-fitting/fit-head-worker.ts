// Worker-thread entry: fits one head (core/training/fit.ts), its cross-validation folds on two threads (fold-threads.ts), and posts its progress and result back.
import { parentPort, workerData } from 'node:worker_threads';
import { fitHead } from '../../core/training/fit.js';
import type { TrainProgress } from '../../core/training/trainer.js';
import type { FitReply, FitStart } from './fit-head-protocol.js';
import { foldsOnTwoThreads } from './fold-threads.js';

const port = parentPort;
if (!port) throw new Error('fit-head-worker must run in a worker thread');
const { examples, labels, options } = workerData as FitStart;
const reply = (message: FitReply) => port.postMessage(message);

try {
  const train = options.train && {
    ...options.train,
    onProgress: (progress: TrainProgress) => reply({ type: 'progress', progress }),
  };
  reply({
    type: 'done',
    fitted: await fitHead(examples, labels, { ...options, runFolds: foldsOnTwoThreads(), ...(train ? { train } : {}) }),
  });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
