// The embedded database on a thread of its own: PGlite's WebAssembly, its parsing of rows and its file writes leave the event loop that serves HTTP and classifies.
import type { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { spawnSiblingWorker } from '../threads/worker-thread.js';
import type { PGliteCreateSpec } from './pglite-open.js';
import { receivedError, type PGliteOrder, type PGliteReply, type PGliteThreadStart } from './pglite-thread-protocol.js';

interface Waiting {
  resolve(result: Results | undefined): void;
  reject(error: Error): void;
}

/** An order before it is numbered (Omit applied to each kind of order). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
type Order = Unnumbered<PGliteOrder>;

/**
 * PGlite run by `pglite-thread-entry.ts` on a worker thread: statements go there as messages and come back as rows,
 * values and errors as `query()` gives them (prepared statements included), notifications in the order PGlite sent them
 * (before the answer of the statement that committed them). The thread holds the process open only while a statement is
 * out. If it dies, every statement out and after fails as on a closed PGlite, which the pipeline treats as a storage
 * failure.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  readonly #listeners = new Map<string, (payload: string) => void>();
  #nextId = 0;
  #closed = false;
  #exit: string | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and its PGlite; rejects with PGlite's own error when it cannot start. */
  static start(spec: PGliteCreateSpec): Promise<PGliteThread> {
    const worker = spawnSiblingWorker(import.meta.url, 'pglite-thread-entry', spec satisfies PGliteThreadStart);
    const thread = new PGliteThread(worker);
    return new Promise((resolve, reject) => {
      worker.on('message', (reply: PGliteReply) => {
        if (reply.kind === 'ready') {
          worker.unref();
          resolve(thread);
        } else if (reply.kind === 'failed') reject(receivedError(reply.error));
        else thread.#received(reply);
      });
      worker.once('error', (error) => {
        thread.#stopped(`its thread failed: ${error.message}`);
        reject(error);
      });
      worker.once('exit', (code) => {
        thread.#stopped(`its thread exited with code ${code}`);
        reject(new Error(`PGlite is closed: its thread exited with code ${code} before it started`));
      });
    });
  }

  /** The thread runs statements one at a time in the order they came. */
  readonly queuesInOrder = true;

  get closed(): boolean {
    return this.#closed;
  }

  query<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    return this.#send({ kind: 'query', text, values }) as Promise<Results<R>>;
  }

  /** Calls `callback` with each NOTIFY payload on `channel`, from any statement of this database. */
  async listen(channel: string, callback: (payload: string) => void): Promise<void> {
    this.#listeners.set(channel, callback);
    await this.#send({ kind: 'listen', channel });
  }

  /**
   * Shuts PGlite down (flushing it to disk), then the thread. Safe to call more than once. A thread that died has nothing
   * left to flush: it stays not `closed`, so its files are not recorded as cleanly closed.
   */
  async close(): Promise<void> {
    if (this.#closed || this.#exit !== undefined) return;
    await this.#send({ kind: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #send(order: Order): Promise<Results | undefined> {
    if (this.#exit !== undefined || this.#closed)
      return Promise.reject(new Error(`PGlite is closed${this.#exit ?? ''}`));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...order, id } as PGliteOrder);
      this.#worker.ref();
    });
  }

  #received(reply: PGliteReply): void {
    if (reply.kind === 'notify') {
      this.#listeners.get(reply.channel)?.(reply.payload);
      return;
    }
    if (reply.kind !== 'answer' && reply.kind !== 'refused') return;
    const waiting = this.#waiting.get(reply.id);
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (reply.kind === 'answer') waiting?.resolve(reply.result);
    else waiting?.reject(receivedError(reply.error));
  }

  #stopped(reason: string): void {
    if (this.#exit !== undefined) return;
    this.#exit = `: ${reason}`;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const w of waiting) w.reject(new Error(`PGlite is closed: ${reason}`));
  }
}
