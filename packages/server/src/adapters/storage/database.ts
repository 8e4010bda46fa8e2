// Opens the database (embedded PGlite, or PostgreSQL when a URL is given), migrates it, and closes it once.
import { Kysely, sql } from 'kysely';
import type { ChangeFeed } from './change-feed.js';
import type { DatabaseTarget } from './database-target.js';
import type { StorageLogger } from './storage-logger.js';
import { migrateToLatest } from './migrate.js';
import { listenOnPGlite } from './pglite-changes.js';
import { PGliteDialect } from './pglite-dialect.js';
import { onThisThread } from './pglite-driver.js';
import { openEmbedded, openPGlite } from './pglite-open.js';
import { PGliteThread } from './pglite-thread.js';
import { isPostgresUrl } from './postgres-url.js';
import type { DatabaseSchema } from './schema.js';
import { tracedDialect } from './traced-dialect.js';
import type { Tracing } from '../observability/tracing.js';

export interface OpenDatabaseOptions {
  /** `postgres://…` or `postgresql://…`: use that PostgreSQL. Unset or empty: embedded PGlite. */
  databaseUrl?: string;
  /** PGlite lives in `<dataDir>/pglite`; `':memory:'` (IN_MEMORY) keeps it in memory only. */
  dataDir: string;
  /** PGlite only: let V8 optimise its hot WebAssembly (see openPGlite); default baseline code only. */
  pgliteTierUp?: boolean;
  /** PGlite only: run it on a thread of its own (pglite-thread.ts) instead of the caller's. */
  pgliteThread?: boolean;
  /** PGlite only: false refuses to create a database where there is none (NoEmbeddedDatabaseError); default true. */
  createIfMissing?: boolean;
  /** PostgreSQL only: a schema to create if missing and to put first on the search_path. */
  schema?: string;
  logger?: StorageLogger;
  /** Query spans, when tracing is on. */
  tracing?: Tracing;
  /** PostgreSQL only: where the change listener connects (default: databaseUrl), and how it retries and checks. */
  changeListener?: { url?: string; retryMs?: readonly [number, number]; checkMs?: number };
}

export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: 'pglite' | 'postgres';
  /**
   * Committed changes to workspaces, API keys and models (from any process), for the read caches of this one: PGlite's
   * listen API, or a PostgreSQL connection of its own that LISTENs. Closed with the database.
   */
  changes: ChangeFeed;
  /** Where the data lives (the PGlite directory, or the PostgreSQL host and database, no password). */
  where: string;
  /** The migrations this open applied, oldest first (empty when the schema was already current). */
  migrationsApplied: string[];
  /** Closes the pool or shuts PGlite down (flushing it to disk); safe to call more than once. */
  close(): Promise<void>;
}

/**
 * PostgreSQL's target (and with it the pg driver) is imported only when a URL is given: at open, so a driver that
 * fails to load stops the start.
 */
async function createTarget(options: OpenDatabaseOptions): Promise<DatabaseTarget> {
  const url = options.databaseUrl?.trim();
  if (url) {
    if (!isPostgresUrl(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    const { createPostgresTarget } = await import('./postgres-target.js');
    const { schema, logger, changeListener } = options;
    return createPostgresTarget({ url, schema, logger, changeListener });
  }
  if (options.schema !== undefined) throw new Error('the schema option applies to PostgreSQL only');
  const openOptions = { tierUp: options.pgliteTierUp, createIfMissing: options.createIfMissing };
  const { pglite, location, release } = options.pgliteThread
    ? await openEmbedded(options.dataDir, openOptions, (spec) => PGliteThread.start(spec))
    : await openPGlite(options.dataDir, openOptions);
  const embedded = pglite instanceof PGliteThread ? pglite : onThisThread(pglite);
  const listen = (schema: string) => listenOnPGlite(pglite, schema);
  return { kind: 'pglite', dialect: new PGliteDialect(embedded), where: location, afterClose: release, listen };
}

/** The database name of a PostgreSQL URL; undefined for PGlite. */
function databaseName(url: string | undefined): string | undefined {
  return url?.trim() ? new URL(url.trim()).pathname.replace(/^\//, '') || undefined : undefined;
}

/** Opens the database and applies pending migrations before returning it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const started = performance.now();
  const { kind, dialect, where, afterClose, listen } = await createTarget(options);
  const traced = options.tracing
    ? tracedDialect(dialect, options.tracing, { engine: kind, namespace: databaseName(options.databaseUrl) })
    : dialect;
  const db = new Kysely<DatabaseSchema>({ dialect: traced });
  let changes: ChangeFeed | undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (changes?.close() ?? Promise.resolve()).then(() => db.destroy()).finally(afterClose));
  let applied: string[];
  try {
    applied = await migrateToLatest(db, options.schema === undefined ? {} : { schema: options.schema });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    changes = await listen(rows[0]!.schema);
    options.logger?.info(
      { kind, where, migrationsApplied: applied, ms: Math.round(performance.now() - started) },
      'database ready',
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind, where, migrationsApplied: applied, close, changes };
}
