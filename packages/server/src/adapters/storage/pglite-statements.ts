// Runs PGlite's row statements as named prepared statements kept per SQL text, so a statement the server repeats is parsed, analysed and planned once instead of on every call.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { LruMap } from '../../core/shared/lru-map.js';

/**
 * Statements worth keeping: reads and writes of rows. Anything else (DDL, transaction control, SET, LISTEN) runs
 * through `query()`, as it would without this module.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** How many statements stay prepared at once; the least recently used one is closed past it. */
export const PREPARED_STATEMENTS_KEPT = 128;

/**
 * How long a statement is kept before it is prepared again. The embedded database has no autovacuum, so nothing
 * ANALYZEs its tables and nothing invalidates a generic plan as they grow: a plan chosen while the outbox held three rows
 * kept reading it that way at 20,000 (a claim 6-8x slower). Custom plans see each table's current size; preparing again
 * every second (five custom plans, then a fresh generic one) keeps a generic plan as current as they are.
 */
export const PREPARED_STATEMENT_MAX_AGE_MS = 1_000;

/** SQLSTATE and message of a prepared statement whose tables changed shape after it was prepared. */
const RESULT_TYPE_CHANGED = { code: '0A000', message: 'cached plan must not change result type' };

/** Numbers each instance, so that several on one PGlite (tests) never name two statements alike. */
let instances = 0;

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface PreparedStatement {
  name: string;
  /** When it was prepared (performance.now()). */
  preparedAt: number;
  /** Parameter type OIDs, to serialise the values as `query()` does. */
  parameterTypes: number[];
  /** The statement's row description (undefined: it returns no rows). */
  rowDescription: BackendMessages[number] | undefined;
}

function changedResultType(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === RESULT_TYPE_CHANGED.code && message === RESULT_TYPE_CHANGED.message;
}

/**
 * PGlite's `query()` sends Parse, Describe, Bind, Describe and Execute for every call: each statement is parsed,
 * analysed and planned again in WebAssembly, which on the pipeline's statements costs as much as running them.
 * `query()` here prepares a row statement once under a name (Parse and Describe), then runs it with one Bind, Execute
 * and Sync; PostgreSQL plans it as it plans any prepared statement (custom plans for the first five runs, then the
 * generic plan when that costs no more). Values are serialised and rows parsed with the instance's own serializers and
 * parsers, so results are those of `query()`. Built only from PGlite's public protocol API (`runExclusive`,
 * `execProtocolStream`, `protocol.serialize`, `parse.parseResults`); pglite-statements.test.ts holds it against
 * `query()`.
 */
export class PreparedStatements {
  readonly #pglite: PGlite;
  readonly #statements: LruMap<string, PreparedStatement>;
  /** Names of statements dropped from the map, closed before the next run. */
  #toClose: string[] = [];
  readonly #prefix = `textclass_${++instances}_`;
  #named = 0;
  readonly #maxAgeMs: number;

  constructor(pglite: PGlite, kept = PREPARED_STATEMENTS_KEPT, maxAgeMs = PREPARED_STATEMENT_MAX_AGE_MS) {
    this.#pglite = pglite;
    this.#maxAgeMs = maxAgeMs;
    this.#statements = new LruMap(kept, (_text, statement) => this.#toClose.push(statement.name));
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  async query<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    if (!PREPARABLE.test(text)) return this.#pglite.query<R>(text, [...values]);
    return this.#pglite.runExclusive(async () => {
      if (this.#pglite.closed) throw new Error('PGlite is closed');
      try {
        return await this.#run<R>(text, values);
      } catch (error) {
        // The tables changed shape since the statement was prepared: prepare it again, once, unless a transaction is
        // open (the error aborted it, so only the caller can retry).
        if (!changedResultType(error)) throw error;
        this.#forget(text);
        if (this.#pglite.isInTransaction()) throw error;
        return this.#run<R>(text, values);
      }
    });
  }

  async #run<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    let statement = this.#statements.get(text);
    if (statement !== undefined && performance.now() - statement.preparedAt > this.#maxAgeMs) {
      this.#forget(text);
      statement = undefined;
    }
    statement ??= await this.#prepare(text);
    const bind = protocol.serialize.bind({
      statement: statement.name,
      values: values.map((value, index) => this.#serialised(value, statement.parameterTypes[index])),
    });
    const closes = this.#toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    const messages = await this.#pglite.execProtocolStream(
      Buffer.concat([...closes, bind, protocol.serialize.execute({}), protocol.serialize.sync()]),
    );
    const described = statement.rowDescription === undefined ? messages : [statement.rowDescription, ...messages];
    return parse.parseResults(described, this.#pglite.parsers)[0] as Results<R>;
  }

  async #prepare(text: string): Promise<PreparedStatement> {
    const name = `${this.#prefix}${++this.#named}`;
    const messages = await this.#pglite.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const parameters = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const statement: PreparedStatement = {
      name,
      preparedAt: performance.now(),
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    this.#statements.set(text, statement);
    return statement;
  }

  /**
   * A value as `query()` sends it: null, or the serializer of its parameter type. A type with none (a parameter the
   * statement leaves untyped) gets the value's text: a Date in ISO form and another object as JSON, where `query()`
   * would send "[object Object]".
   */
  #serialised(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.#pglite.serializers[type];
    if (serializer) return serializer(value) as string;
    if (value instanceof Date) return value.toISOString();
    return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | bigint | boolean);
  }

  #forget(text: string): void {
    const statement = this.#statements.get(text);
    if (statement === undefined) return;
    this.#statements.delete(text);
    this.#toClose.push(statement.name);
  }
}
