// Databases for tests: in-memory PGlite always, plus a throwaway schema in PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Repositories } from '../../../core/ports/repositories.js';
import { openDatabase, type Database } from '../database.js';
import { createRepositories } from '../index.js';
import { IN_MEMORY } from '../pglite-open.js';

export interface TestDatabase extends Database {
  /** Closes the database; for PostgreSQL, drops the test schema first. */
  dispose(): Promise<void>;
}

export interface TestTarget {
  kind: Database['kind'];
  /** The name a suite's title shows: the kind, and for PGlite where it runs. */
  label: string;
  open(): Promise<TestDatabase>;
}

const pgliteTarget: TestTarget = {
  kind: 'pglite',
  label: 'pglite',
  async open() {
    const database = await openDatabase({ dataDir: IN_MEMORY });
    return { ...database, dispose: database.close };
  },
};

/** PGlite on a thread of its own (TEXTCLASS_EMBEDDED_DB_THREAD): the same statements, sent through the queued driver. */
const pgliteThreadTarget: TestTarget = {
  kind: 'pglite',
  label: 'pglite on its thread',
  async open() {
    const database = await openDatabase({ dataDir: IN_MEMORY, pgliteThread: true });
    return { ...database, dispose: database.close };
  },
};

function postgresTarget(databaseUrl: string): TestTarget {
  return {
    kind: 'postgres',
    label: 'postgres',
    async open() {
      const schema = `tc_test_${randomBytes(6).toString('hex')}`;
      const database = await openDatabase({ databaseUrl, dataDir: IN_MEMORY, schema });
      const dispose = async (): Promise<void> => {
        try {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
        } finally {
          await database.close();
        }
      };
      return { ...database, dispose };
    },
  };
}

/** The targets a storage test suite should run against, for `describe.each`. */
export function testTargets(env: NodeJS.ProcessEnv = process.env): TestTarget[] {
  const url = env.TEST_DATABASE_URL?.trim();
  const embedded = [pgliteTarget, pgliteThreadTarget];
  return url ? [...embedded, postgresTarget(url)] : embedded;
}

/** Opens a target's database with its repositories: `({ database, repos } = await openTestRepositories(target))`. */
export async function openTestRepositories(
  target: TestTarget,
): Promise<{ database: TestDatabase; repos: Repositories }> {
  const database = await target.open();
  return { database, repos: createRepositories(database.db) };
}
