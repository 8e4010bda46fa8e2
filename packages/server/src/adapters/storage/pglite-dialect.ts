// Kysely dialect for embedded PGlite: Kysely's PostgreSQL adapter, compiler and introspector over a PGlite driver.
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
} from 'kysely';
import { PGliteDriver, type EmbeddedPGlite } from './pglite-driver.js';
import { QueuedDriver } from './pglite-queued-driver.js';

/** Use with `new Kysely({ dialect: new PGliteDialect(onThisThread(pglite)) })`; destroying the Kysely instance closes PGlite. */
export class PGliteDialect implements Dialect {
  readonly #pglite: EmbeddedPGlite;

  constructor(pglite: EmbeddedPGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return this.#pglite.queuesInOrder ? new QueuedDriver(this.#pglite) : new PGliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
