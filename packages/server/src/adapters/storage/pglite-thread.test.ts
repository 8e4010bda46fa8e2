// PGlite on a thread of its own: the rows, values and errors of PGlite on this thread, notifications before the answer that committed them, transactions kept whole while other statements are sent past them, and its files released for the next opener.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { IN_MEMORY, openPGlite } from './pglite-open.js';
import { PGliteThread } from './pglite-thread.js';
import { isStorageFailure } from './storage-failures.js';

const TABLE = `create table kinds (
  id bigserial primary key, label text not null unique, doc jsonb, tags text[], at timestamptz, amount numeric
)`;
const INSERT = 'insert into kinds (label, doc, tags, at, amount) values ($1, $2, $3, $4, $5) returning *';
const VALUES = ['a', { nested: [1, 'two'] }, ['x', 'y "quoted"'], new Date('2026-11-30T12:00:00.000Z'), '12.50'];

describe('PGliteThread', () => {
  let thread: PGliteThread;

  beforeAll(async () => {
    thread = await PGliteThread.start({ template: true });
    await thread.query(TABLE, []);
    await thread.query(
      `create function kinds_notify() returns trigger language plpgsql as
        $$ begin perform pg_notify('kinds_changed', new.label); return null; end $$`,
      [],
    );
    await thread.query(
      'create trigger kinds_notify after insert on kinds for each row execute function kinds_notify()',
      [],
    );
  });

  afterAll(async () => {
    await thread.close();
  });

  it('gives the rows, fields and values PGlite gives on this thread', async () => {
    const here = (await openPGlite(IN_MEMORY)).pglite;
    try {
      await here.query(TABLE);
      const expected = await here.query(INSERT, VALUES);
      const result = await thread.query<Record<string, unknown>>(INSERT, VALUES);
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
      expect(result.affectedRows).toBe(1);
      expect(result.rows[0]!.at).toBeInstanceOf(Date);
      expect(result.rows[0]!.id).toBe('1');
    } finally {
      await here.close();
    }
  });

  it("passes PostgreSQL's errors on with their SQLSTATE and severity, and goes on", async () => {
    const error = await thread.query(INSERT, VALUES).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 'kinds_label_key' });
    expect((error as Error).message).toContain('duplicate key');
    expect(isStorageFailure(error)).toBe(true);
    await expect(thread.query('selec 1', [])).rejects.toMatchObject({ code: '42601' });
    expect((await thread.query('select count(*)::int as n from kinds', [])).rows).toEqual([{ n: 1 }]);
  });

  it('delivers a notification before the answer of the statement that sent it', async () => {
    const heard: string[] = [];
    await thread.listen('kinds_changed', (payload) => heard.push(payload));
    await thread.query(INSERT, ['b', null, null, null, null]);
    expect(heard).toEqual(['b']);
  });

  it('fails statements after it closed as a closed PGlite does (a storage failure)', async () => {
    const own = await PGliteThread.start({ template: true });
    await own.close();
    expect(own.closed).toBe(true);
    const error = await own.query('select 1', []).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^PGlite is closed/);
    expect(isStorageFailure(error)).toBe(true);
    await own.close();
  });
});

describe('the database on its thread, through Kysely', () => {
  let database: Database;
  // A scratch table outside the schema.
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: IN_MEMORY, pgliteThread: true });
    db = database.db as Kysely<any>;
    await sql`create table scratch (id serial primary key, label text not null)`.execute(db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('keeps statements sent during a transaction out of it: they neither see its rows nor go with its rollback', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('scratch').values({ label: 'inside' }).execute();
        inside();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await entered;
    const outside = db.insertInto('scratch').values({ label: 'outside' }).execute();
    const seen = db.selectFrom('scratch').select('label').orderBy('id').execute();
    finish();
    expect(await transaction).toBe('roll back');
    await outside;
    expect((await seen).map((r: { label: string }) => r.label)).toEqual(['outside']);
    const rows = await db.selectFrom('scratch').select('label').execute();
    expect(rows.map((r: { label: string }) => r.label)).toEqual(['outside']);
  });

  it('keeps a failed commit from ending the next transaction, which holds the session by then', async () => {
    await sql`create table deferred (v integer unique deferrable initially deferred)`.execute(db);
    let failed!: () => void;
    const firstFailed = new Promise<void>((resolve) => (failed = resolve));
    // The duplicate is only found at COMMIT; Kysely then rolls back, after the next transaction has started.
    const first = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('deferred').values({ v: 1 }).execute();
        await trx.insertInto('deferred').values({ v: 1 }).execute();
      })
      .catch((error: unknown) => error)
      .finally(failed);
    const second = db
      .transaction()
      .execute(async (trx) => {
        await firstFailed;
        await trx.insertInto('deferred').values({ v: 2 }).execute();
        throw new Error('roll back the second');
      })
      .catch((error: Error) => error.message);
    expect(await first).toMatchObject({ code: '23505' });
    expect(await second).toBe('roll back the second');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deferred`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });

  it('runs many statements sent at once in the order sent, beside transactions', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 0
        ? db.transaction().execute(async (trx) => {
            await trx
              .insertInto('scratch')
              .values({ label: `t${i}` })
              .execute();
            await trx
              .insertInto('scratch')
              .values({ label: `t${i}b` })
              .execute();
          })
        : db
            .insertInto('scratch')
            .values({ label: `s${i}` })
            .execute(),
    );
    await Promise.all(writes);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from scratch where label <> 'outside'`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(44);
  });
});

describe('a directory database on its thread', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'textclass-pglite-thread-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes files the next opener reads, and frees the directory when it closes', async () => {
    const first = await openDatabase({ dataDir: dir, pgliteThread: true });
    await sql`create table kept (label text)`.execute(first.db);
    await sql`insert into kept values ('written on the thread')`.execute(first.db);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use|locked|another/i);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await sql<{ label: string }>`select label from kept`.execute(second.db);
      expect(rows).toEqual([{ label: 'written on the thread' }]);
    } finally {
      await second.close();
    }
  });
});
