// Wraps a Kysely dialect (PostgreSQL or embedded PGlite) so that each query inside a traced operation is a client span.
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { inSpan, type Tracing } from '../observability/tracing.js';

/** Longest statement text put on a span. */
const MAX_QUERY_TEXT = 2_000;

export interface QueryTraceInfo {
  /** `pglite` or `postgres`: which engine ran the statement. */
  engine: string;
  /** The database name (db.namespace). */
  namespace: string | undefined;
}

/** `SELECT api_keys`, `INSERT records`, `BEGIN`: the operation and the first table, as OpenTelemetry names database spans. */
export function querySpanName(sql: string): string {
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const table =
    /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i.exec(sql)?.[1] ?? /\sfrom\s+"?(\w+)"?/i.exec(sql)?.[1];
  return table === undefined ? operation : `${operation} ${table}`;
}

class TracedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly tracing: Tracing,
    private readonly info: QueryTraceInfo,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiledQuery;
    const attributes = {
      'db.system.name': 'postgresql',
      'db.namespace': this.info.namespace,
      'db.query.text': sql.length > MAX_QUERY_TEXT ? `${sql.slice(0, MAX_QUERY_TEXT)}…` : sql,
      'textclass.db.engine': this.info.engine,
    };
    // Parameters ($1, $2 …) never go on the span: they hold texts and key hashes.
    return inSpan(
      this.tracing,
      querySpanName(sql),
      { kind: 'client', attributes, requireParent: true },
      async (span) => {
        const result = await this.inner.executeQuery<R>(compiledQuery);
        span.setAttributes({ 'db.response.returned_rows': result.rows.length });
        return result;
      },
    );
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** The inner driver always gets its own connection object back (pg's release needs it). */
class TracedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, TracedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly tracing: Tracing,
    private readonly info: QueryTraceInfo,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let traced = this.wrapped.get(connection);
    if (!traced) {
      traced = new TracedConnection(connection, this.tracing, this.info);
      this.wrapped.set(connection, traced);
    }
    return traced;
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof TracedConnection ? connection.inner : connection;
  }

  private traced(name: string, run: () => Promise<void>): Promise<void> {
    const attributes = { 'db.system.name': 'postgresql', 'db.namespace': this.info.namespace };
    return inSpan(this.tracing, name, { kind: 'client', attributes, requireParent: true }, run);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.traced('BEGIN', () => this.inner.beginTransaction(this.unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.traced('COMMIT', () => this.inner.commitTransaction(this.unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.traced('ROLLBACK', () => this.inner.rollbackTransaction(this.unwrap(connection)));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.savepointStep('savepoint', connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.savepointStep('rollbackToSavepoint', connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.savepointStep('releaseSavepoint', connection, name, compile);
  }

  /** Savepoint statements run through the inner driver on the traced connection, so each is a query span. */
  private savepointStep(
    step: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint',
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const run = this.inner[step]?.bind(this.inner);
    if (!run) return Promise.reject(new Error(`the database driver does not support ${step}`));
    return run(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Use when tracing is on; the same dialect otherwise. */
export function tracedDialect(dialect: Dialect, tracing: Tracing, info: QueryTraceInfo): Dialect {
  if (!tracing.enabled) return dialect;
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new TracedDriver(dialect.createDriver(), tracing, info),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
