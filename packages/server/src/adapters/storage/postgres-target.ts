// The PostgreSQL target: a pg pool and a LISTEN connection of its own (the pg driver loads only when DATABASE_URL is set).
import { PostgresDialect } from 'kysely';
import { listenOnPostgres, type PostgresChangeListenerOptions } from './change-listeners.js';
import type { DatabaseTarget } from './database-target.js';
import type { StorageLogger } from './storage-logger.js';
import { createPostgresPool } from './postgres-pool.js';
import { describePostgresUrl } from './postgres-url.js';

export interface PostgresTargetOptions {
  url: string;
  schema?: string;
  logger?: StorageLogger;
  /** Where the change listener connects (default: url), and how it retries and checks. */
  changeListener?: Partial<Pick<PostgresChangeListenerOptions, 'url' | 'retryMs' | 'checkMs'>>;
}

export function createPostgresTarget(options: PostgresTargetOptions): DatabaseTarget {
  const { url } = options;
  const pool = createPostgresPool(url, options.schema, options.logger);
  const listen = (schema: string) =>
    listenOnPostgres({
      ...options.changeListener,
      url: options.changeListener?.url ?? url,
      schema,
      logger: options.logger,
    });
  return {
    kind: 'postgres',
    dialect: new PostgresDialect({ pool }),
    where: describePostgresUrl(url),
    afterClose: async () => undefined,
    listen,
  };
}
