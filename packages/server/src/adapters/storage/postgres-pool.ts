// Creates the pg Pool for an external PostgreSQL, with the shared type parsers and an optional schema.
import pg from 'pg';
import type { StorageLogger } from './storage-logger.js';
import { pgCustomTypes } from './type-parsers.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name ${JSON.stringify(schema)}: use lowercase letters, digits and _`);
  }
}

/** A pool whose sessions use `schema` first on their search_path when one is given. */
export function createPostgresPool(databaseUrl: string, schema: string | undefined, logger?: StorageLogger): pg.Pool {
  if (schema !== undefined) assertSchemaName(schema);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: pgCustomTypes,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client can fail (server restart); without a listener that error would crash the process.
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL connection failed'));
  // A connection lost while checked out between two queries (inside a transaction) emits 'error' on its client,
  // where pg-pool listens only while it is idle: without this listener a PostgreSQL restart would crash the
  // process. The query in flight, or the next one, fails on its own; the pool discards the dead client.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL connection lost'));
  });
  return pool;
}
