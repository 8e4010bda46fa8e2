// Brings a database to the latest schema version with Kysely's Migrator (serialised by its own lock).
import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export interface MigrateOptions {
  /** Schema holding Kysely's bookkeeping tables; set it when the connection's search_path is not `public`. */
  schema?: string;
}

// Kysely<any>: the Migrator works on any schema type, so callers pass their typed instance as is.
/** Applies every pending migration in order; returns the names it applied (empty when already current). */
export async function migrateToLatest(db: Kysely<any>, options: MigrateOptions = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema === undefined ? {} : { migrationTableSchema: options.schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const where = failed === undefined ? '' : ` (migration ${failed.migrationName})`;
    throw new Error(`database migration failed${where}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
