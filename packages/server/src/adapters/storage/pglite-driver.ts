// PGlite's Kysely driver on the event loop's own PGlite: one connection, handed to one Kysely user at a time.
import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { ConnectionLock } from './connection-lock.js';
import { PreparedStatements } from './pglite-statements.js';

const COMMANDS_WITH_ROW_COUNT = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** What the PGlite drivers run on: PGlite on this thread (`onThisThread`), or on a thread of its own (pglite-thread.ts). */
export interface EmbeddedPGlite {
  query<R>(text: string, values: readonly unknown[]): Promise<Results<R>>;
  readonly closed: boolean;
  close(): Promise<void>;
  /** Runs statements in the order they are sent, queued: they may be sent without waiting (pglite-thread.ts). */
  readonly queuesInOrder?: boolean;
}

/** PGlite on this thread, its row statements prepared once (pglite-statements.ts). */
export function onThisThread(pglite: PGlite): EmbeddedPGlite {
  const statements = new PreparedStatements(pglite);
  return {
    query: (text, values) => statements.query(text, values),
    get closed() {
      return pglite.closed;
    },
    close: () => pglite.close(),
  };
}

/** Kysely's result of a PGlite result. */
export function queryResult<R>(result: Results<R>): QueryResult<R> {
  const command = result.command?.toUpperCase();
  return {
    rows: result.rows,
    numAffectedRows:
      command !== undefined && COMMANDS_WITH_ROW_COUNT.has(command) ? BigInt(result.affectedRows ?? 0) : undefined,
  };
}

/** The statement that starts a transaction with Kysely's settings. */
export function transactionStart(settings: TransactionSettings): string {
  const parts = ['start transaction'];
  if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
  if (settings.accessMode) parts.push(settings.accessMode);
  return parts.join(' ');
}

/** PGlite's query API has no cursors; like Kysely's own PostgresDialect without `cursor`, both drivers refuse clearly. */
export function refuseStreaming(): never {
  throw new Error('streaming queries are not supported on PGlite; page with offset/limit instead');
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: EmbeddedPGlite;

  constructor(pglite: EmbeddedPGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return queryResult(await this.#pglite.query<R>(compiledQuery.sql, compiledQuery.parameters));
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    return refuseStreaming();
  }
}

/** PGlite is one connection: the lock makes a transaction's statements run without interleaving. */
export class PGliteDriver implements Driver {
  readonly #pglite: EmbeddedPGlite;
  readonly #connection: PGliteConnection;
  readonly #lock = new ConnectionLock();

  constructor(pglite: EmbeddedPGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  /** Both kinds of EmbeddedPGlite are made ready (PGlite.create resolves once PGlite is). */
  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(transactionStart(settings)));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}
