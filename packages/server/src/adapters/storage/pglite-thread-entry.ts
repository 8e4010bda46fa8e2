// The embedded database's thread: PGlite and its prepared statements, answering the event loop's statements one at a time in the order they came.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite } from './pglite-open.js';
import { PreparedStatements } from './pglite-statements.js';
import { sentError, type PGliteOrder, type PGliteReply, type PGliteThreadStart } from './pglite-thread-protocol.js';

const port = parentPort!;
const reply = (message: PGliteReply) => port.postMessage(message);

async function answer(pglite: PGlite, statements: PreparedStatements, order: PGliteOrder): Promise<PGliteReply> {
  try {
    if (order.kind === 'query')
      return { kind: 'answer', id: order.id, result: await statements.query(order.text, order.values) };
    if (order.kind === 'listen') {
      const channel = order.channel;
      await pglite.listen(channel, (payload) => reply({ kind: 'notify', channel, payload }));
      return { kind: 'answer', id: order.id };
    }
    if (!pglite.closed) await pglite.close();
    return { kind: 'answer', id: order.id };
  } catch (error) {
    return { kind: 'refused', id: order.id, error: sentError(error) };
  }
}

let pglite: PGlite;
try {
  pglite = await createPGlite(workerData as PGliteThreadStart);
} catch (error) {
  reply({ kind: 'failed', error: sentError(error) });
  port.close();
  throw error;
}
const statements = new PreparedStatements(pglite);
// Orders run in turn, in the order they came: the event loop's driver sends a transaction's statements together
// (pglite-queued-driver.ts), and each answer goes back in the order asked.
let queue = Promise.resolve();
port.on('message', (order: PGliteOrder) => {
  queue = queue.then(async () => {
    reply(await answer(pglite, statements, order));
    if (order.kind === 'close') port.close();
  });
});
reply({ kind: 'ready' });
