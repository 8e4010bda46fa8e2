// Runs cross-validation folds on two threads: the odd folds on a helper thread, the even ones here, results the same as one after another.
import type { Worker } from 'node:worker_threads';
import { fitFold, foldsHere, type FoldRun, type FoldRunner } from '../../core/training/fold-fits.js';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { FoldsReply, FoldsStart } from './fold-threads-protocol.js';

/** Below this many examples a selection's folds take well under a second: not worth a thread's start. */
export const TWO_THREADS_FROM_EXAMPLES = 200;

/**
 * A FoldRunner for a training thread: from `fromExamples` examples, a helper thread fits folds 1, 3, … while this
 * one fits 0, 2, 4, … (one fold's fits take about as long as another's, so 5 folds finish in the time of 3). The
 * helper gets a copy of the job; its fits report to `run.onFit` as its folds arrive (its MLP epochs are not relayed).
 * An abort, or a failure on either thread, ends the helper.
 */
export function foldsOnTwoThreads(fromExamples = TWO_THREADS_FROM_EXAMPLES): FoldRunner {
  return async (job, run, keep) => {
    if (job.folds < 2 || job.examples.length < fromExamples) return foldsHere(job, run, keep);
    const folds = Array.from({ length: job.folds }, (_, fold) => fold);
    const start: FoldsStart = { job, folds: folds.filter((fold) => fold % 2 === 1) };
    const helper = spawnSiblingWorker(import.meta.url, 'fit-folds-worker', start);
    const helped = helperDone(helper, run, keep);
    // Awaited once this thread's folds are done: a rejection meanwhile must not count as unhandled.
    helped.catch(() => undefined);
    try {
      for (const fold of folds.filter((f) => f % 2 === 0)) keep(fold, await fitFold(job, fold, run));
      await helped;
    } finally {
      await helper.terminate();
    }
  };
}

/** Settles when the helper has posted every fold (each handed to `keep`), fails, exits, or the run is aborted. */
function helperDone(helper: Worker, run: FoldRun, keep: Parameters<FoldRunner>[2]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      run.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => finish(() => reject(run.signal?.reason ?? new Error('the training was aborted')));
    run.signal?.addEventListener('abort', onAbort, { once: true });
    helper.on('message', (message: FoldsReply) => {
      if (message.type === 'fold') {
        for (const loss of message.result.losses) run.onFit?.(loss);
        keep(message.fold, message.result);
      } else if (message.type === 'done') finish(resolve);
      else finish(() => reject(new Error(message.message)));
    });
    helper.once('error', (error) => finish(() => reject(error)));
    helper.once('exit', (code) => finish(() => reject(new Error(`a fold thread exited with code ${code}`))));
  });
}
