// Worker-thread entry: sends the POSTs it is handed with the node:http(s) sender and posts their outcomes back in batches.
import { parentPort, workerData } from 'node:worker_threads';
import { createHttpSender } from './http-sender.js';
import type { SendOrder, SendOutcome, SenderStart } from './sender-protocol.js';

const port = parentPort;
if (!port) throw new Error('sender-worker must run in a worker thread');
// Its lanes run on this thread: a POST waiting for its endpoint's slot starts when one frees, however busy the main thread is.
const sender = createHttpSender((workerData as SenderStart).allowPrivate);

let settled: SendOutcome[] = [];
/** Outcomes that arrive in one turn of this thread's loop go back as one message. */
function settle(outcome: SendOutcome): void {
  settled.push(outcome);
  if (settled.length === 1)
    setImmediate(() => {
      const batch = settled;
      settled = [];
      port?.postMessage(batch);
    });
}

port.on('message', (orders: SendOrder[]) => {
  for (const { id, url, headers, body, timeoutMs, lane } of orders) {
    sender.send(url, headers, body, timeoutMs, undefined, lane).then(
      (answer) => settle(answer === null ? { id, notSent: true } : { id, ...answer }),
      (error: unknown) => settle({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
});
