// Serialises first-start setup (default workspace, bootstrap key, demo content) across processes on one PostgreSQL.
import { sql } from 'kysely';
import type { Database } from './database.js';

/** The advisory-lock key textclass's first-start setup takes (any constant works; this is "txtc" in ASCII). */
const STARTUP_LOCK_KEY = 0x74787463;

/**
 * Runs `setup` holding a PostgreSQL session advisory lock, so processes starting together on an empty database
 * take turns: the second sees what the first created instead of creating it again. The embedded database has
 * one process by construction (its directory lock), so there `setup` simply runs.
 */
export async function withStartupLock<T>(database: Database, setup: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return setup();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await setup();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
