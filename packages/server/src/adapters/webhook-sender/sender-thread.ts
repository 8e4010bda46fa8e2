// Sends webhook POSTs on a thread of their own, so that the HTTP client's work (sockets, headers, responses) leaves the event loop that runs the database and the classifier.
import type { Worker } from 'node:worker_threads';
import type { SendAnswer, WebhookSender } from '../../core/ports/pipeline.js';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { SendOrder, SendOutcome, SenderStart } from './sender-protocol.js';

export interface ThreadedSender extends WebhookSender {
  /** Ends the thread; POSTs still in flight fail (their deliveries are retried as any failed attempt is). */
  close(): Promise<void>;
}

interface Pending {
  resolve(result: SendAnswer | null): void;
  reject(error: Error): void;
}

/** The thread's heap: it holds only the POSTs in flight (a dispatcher tick's bodies), never the outbox. */
const THREAD_HEAP_MB = 64;

/**
 * A WebhookSender whose POSTs run on one worker thread with the node:http(s) sender (`http-sender.ts`: the same
 * address check, timeout, no redirects and send lanes, which wait on that thread). The thread starts with the first
 * POST; the POSTs of one turn of this event loop go to it as one message and come back as few. A thread that dies fails the POSTs it held and the next
 * POST starts a new one.
 */
export function createThreadedSender(allowPrivate: boolean): ThreadedSender {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let outgoing: SendOrder[] = [];

  const failAll = (reason: string) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(new Error(reason));
  };
  /** An idle thread does not keep the process alive; one with POSTs in flight does. */
  const holdWhileBusy = () => (pending.size > 0 ? worker?.ref() : worker?.unref());

  const start = (): Worker => {
    const started = spawnSiblingWorker(import.meta.url, 'sender-worker', { allowPrivate } satisfies SenderStart, {
      maxOldGenerationSizeMb: THREAD_HEAP_MB,
    });
    started.on('message', (outcomes: SendOutcome[]) => {
      for (const outcome of outcomes) {
        const waiting = pending.get(outcome.id);
        if (!waiting) continue;
        pending.delete(outcome.id);
        if ('error' in outcome) waiting.reject(new Error(outcome.error));
        else if ('notSent' in outcome) waiting.resolve(null);
        else {
          const { id: _id, ...answer } = outcome;
          waiting.resolve(answer);
        }
      }
      holdWhileBusy();
    });
    const stopped = (reason: string) => {
      if (worker !== started) return;
      worker = undefined;
      failAll(reason);
    };
    started.once('error', (error) => stopped(`the webhook sender thread failed: ${error.message}`));
    started.once('exit', (code) => stopped(`the webhook sender thread exited with code ${code}`));
    return started;
  };

  const flush = () => {
    const orders = outgoing;
    outgoing = [];
    if (orders.length === 0) return;
    worker ??= start();
    worker.postMessage(orders);
    holdWhileBusy();
  };

  return {
    send(url, headers, body, timeoutMs, _traceContext, lane) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        outgoing.push(
          lane === undefined ? { id, url, headers, body, timeoutMs } : { id, url, headers, body, timeoutMs, lane },
        );
        if (outgoing.length === 1) queueMicrotask(flush);
      });
    },

    async close() {
      const running = worker;
      worker = undefined;
      failAll('the webhook sender was closed');
      await running?.terminate();
    },
  };
}
