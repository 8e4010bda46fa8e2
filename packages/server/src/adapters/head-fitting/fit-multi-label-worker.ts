// Worker-thread entry: fits one multi-label head (core/training/fit-multi-label.ts) and posts its progress and result back.
import type { FitThreadReply } from './fit-on-thread.js';
import { parentPort, workerData } from 'node:worker_threads';
import {
  fitMultiLabelHead,
  type FitMultiLabelOptions,
  type FittedMultiLabelHead,
} from '../../core/training/fit-multi-label.js';
import type { MultiLabelledEmbedding } from '../../core/training/multi-label-trainer.js';
import type { TrainProgress } from '../../core/training/trainer.js';

/** workerData: one fit, its options without the progress callback (progress comes back as messages). */
export interface MultiLabelFitStart {
  examples: MultiLabelledEmbedding[];
  labels: string[];
  options: FitMultiLabelOptions;
}

export type MultiLabelFitReply = FitThreadReply<FittedMultiLabelHead>;

const port = parentPort;
if (port) {
  const { examples, labels, options } = workerData as MultiLabelFitStart;
  const reply = (message: MultiLabelFitReply) => port.postMessage(message);
  try {
    const train = options.train && {
      ...options.train,
      onProgress: (progress: TrainProgress) => reply({ type: 'progress', progress }),
    };
    reply({
      type: 'done',
      fitted: await fitMultiLabelHead(examples, labels, { ...options, ...(train ? { train } : {}) }),
    });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
