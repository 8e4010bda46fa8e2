// PGlite's Kysely driver for a PGlite that runs statements in the order sent (on its own thread): statements are sent without waiting for a turn, a transaction keeps the session to itself.
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { queryResult, refuseStreaming, transactionStart, type EmbeddedPGlite } from './pglite-driver.js';
import { SendGate } from './send-gate.js';

/** One Kysely user's turn on a queued PGlite: outside a transaction its statements go through the gate in turn. */
class QueuedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly pglite: EmbeddedPGlite,
    readonly gate: SendGate,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const send = () => this.pglite.query<R>(compiledQuery.sql, compiledQuery.parameters);
    return queryResult(await (this.inTransaction ? send() : this.gate.shared(send)));
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    return refuseStreaming();
  }

  /**
   * Sends the transaction's end and lets the senders behind it go (they run after it). Once it has ended (Kysely rolls
   * back after a failed commit, which already ended it) nothing is sent: the gate may be another transaction's by then.
   */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    const sent = this.pglite.query(statement, []);
    this.gate.release();
    await sent;
  }
}

/**
 * PGlite that queues statements in order (on its own thread): statements outside transactions are sent without waiting
 * for the one before to answer, so the event loop never waits a round trip to the thread for its turn. A transaction
 * holds the gate from its start until its end is sent, so no other statement runs inside it.
 */
export class QueuedDriver implements Driver {
  readonly #gate = new SendGate();

  constructor(readonly pglite: EmbeddedPGlite) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new QueuedConnection(this.pglite, this.#gate);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const queued = connection as QueuedConnection;
    await this.#gate.exclusive(() => {
      queued.inTransaction = true;
      return this.pglite.query(transactionStart(settings), []);
    });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as QueuedConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as QueuedConnection).end('rollback');
  }

  /** A transaction left open gives the gate back. */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as QueuedConnection).end('rollback');
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}
