// What opening a database yields before Kysely wraps it: the dialect, where it lives, its change feed and its release.
import type { Dialect } from 'kysely';
import type { ChangeFeed } from './change-feed.js';

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres';
  dialect: Dialect;
  where: string;
  /** Runs once the Kysely instance (and with it the pool or PGlite) is destroyed. */
  afterClose(): Promise<void>;
  /** Starts the change feed once the database is migrated and before anything else uses it. */
  listen(schema: string): Promise<ChangeFeed>;
}
