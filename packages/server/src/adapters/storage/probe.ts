// Answers whether the database responds and has every migration this version knows (for GET /health/ready).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';
import { migrationProvider } from './migrations/index.js';

export interface DatabaseProbe {
  database: 'ok' | 'unreachable';
  /** `unknown` while the database is unreachable. */
  migrations: 'ok' | 'pending' | 'unknown';
}

/** How long one probe waits for the database before it counts as unreachable. */
export const PROBE_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function probeOnce(db: Kysely<DatabaseSchema>): Promise<DatabaseProbe> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { database: 'unreachable', migrations: 'unknown' };
  }
  const known = Object.keys(await migrationProvider.getMigrations());
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return { database: 'ok', migrations: known.every((name) => applied.has(name)) ? 'ok' : 'pending' };
  } catch {
    // No bookkeeping table: nothing was ever migrated.
    return { database: 'ok', migrations: 'pending' };
  }
}

/**
 * A probe over one database. Callers share the query in flight until it settles, so a hung database never piles
 * up queries; each caller waits at most `timeoutMs` for it and reads a timeout as unreachable.
 */
export function databaseProbe(db: Kysely<DatabaseSchema>, timeoutMs = PROBE_TIMEOUT_MS): () => Promise<DatabaseProbe> {
  let inFlight: Promise<DatabaseProbe> | undefined;
  return () => {
    inFlight ??= probeOnce(db).finally(() => {
      inFlight = undefined;
    });
    return withinTimeout(inFlight, timeoutMs).catch((): DatabaseProbe => ({
      database: 'unreachable',
      migrations: 'unknown',
    }));
  };
}
