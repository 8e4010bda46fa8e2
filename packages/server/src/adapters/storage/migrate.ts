// Brings a database to the latest schema version with Kysely's Migrator (serialised by its own lock).
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export interface MigrateOptions {
  /** Schema holding Kysely's bookkeeping tables; set it when the connection's search_path is not `public`. */
  schema?: string;
}

/**
 * Before it migrates, the Migrator looks for its tables by reading every table of the database (with
 * `pg_get_serial_sequence` and `has_schema_privilege` a row): a table or schema that another connection drops meanwhile,
 * in any schema, fails that read with undefined_table (42P01), undefined_column (42703) or invalid_schema_name
 * (3F000). Nothing has been applied then, so reading again is safe.
 */
const CATALOG_RACE_CODES = new Set(['42P01', '42703', '3F000']);
const CATALOG_RACE_ATTEMPTS = 5;

function isCatalogRace(error: unknown, results: readonly MigrationResult[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return results.length === 0 && typeof code === 'string' && CATALOG_RACE_CODES.has(code);
}

// Kysely<any>: the Migrator works on any schema type, so callers pass their typed instance as is.
/** Applies every pending migration in order; returns the names it applied (empty when already current). */
export async function migrateToLatest(db: Kysely<any>, options: MigrateOptions = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema === undefined ? {} : { migrationTableSchema: options.schema }),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error === undefined) {
      return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
    }
    if (attempt < CATALOG_RACE_ATTEMPTS && isCatalogRace(error, results)) {
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      continue;
    }
    const failed = results.find((result) => result.status === 'Error');
    const where = failed === undefined ? '' : ` (migration ${failed.migrationName})`;
    throw new Error(`database migration failed${where}`, { cause: error });
  }
}
