// Prepared statements on PGlite: the same results and errors as query(), one parse and plan per text, a bounded number kept, and safe beside query() and transactions.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openPGlite } from './pglite-open.js';
import { PreparedStatements } from './pglite-statements.js';
import { isStorageFailure } from './storage-failures.js';

let pglite: PGlite;

/** The named statements PostgreSQL holds for this session, with how often each ran on the generic plan. */
async function heldStatements(): Promise<{ name: string; generic_plans: number; custom_plans: number }[]> {
  const { rows } = await pglite.query<{ name: string; generic_plans: number; custom_plans: number }>(
    `select name, generic_plans::int, custom_plans::int from pg_prepared_statements order by name`,
  );
  return rows;
}

beforeAll(async () => {
  pglite = (await openPGlite(IN_MEMORY)).pglite;
  await pglite.exec(`
    create table kinds (
      id bigserial primary key, label text not null unique, count integer, score double precision,
      amount numeric, flag boolean, doc jsonb, tags text[], ids bigint[], at timestamptz
    );
    create function kinds_notify() returns trigger language plpgsql as
      $$ begin perform pg_notify('kinds_changed', new.label); return null; end $$;
    create trigger kinds_notify after insert on kinds for each row execute function kinds_notify();
  `);
});

afterAll(async () => {
  await pglite.close();
});

describe('PreparedStatements', () => {
  const insert = `insert into kinds (label, count, score, amount, flag, doc, tags, ids, at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
  const values = (label: string): unknown[] => [
    label,
    7,
    0.25,
    '12.50',
    true,
    JSON.stringify({ nested: { list: [1, 'two', null] }, text: 'ünïcode ✓' }),
    ['a', 'b "quoted"', 'c,d'],
    ['9007199254740993', '2'],
    new Date('2026-11-30T08:00:00.123Z'),
  ];

  it('returns what query() returns: rows of every type, fields, command and affected rows', async () => {
    const statements = new PreparedStatements(pglite);
    const viaQuery = await pglite.query(insert, values('by query'));
    const prepared = await statements.query(insert, values('by statement'));
    const strip = (row: Record<string, unknown>) => ({ ...row, id: undefined, label: undefined });
    expect(prepared.fields).toEqual(viaQuery.fields);
    expect(prepared.rows.map((row) => strip(row as Record<string, unknown>))).toEqual(
      viaQuery.rows.map((row) => strip(row as Record<string, unknown>)),
    );
    expect({ command: prepared.command, affectedRows: prepared.affectedRows }).toEqual({
      command: 'INSERT',
      affectedRows: 1,
    });
    const read = `select * from kinds where label = any($1::text[]) order by label`;
    const both = ['by query', 'by statement'];
    expect((await statements.query(read, [both])).rows).toEqual((await pglite.query(read, [both])).rows);
    const none = await statements.query(`update kinds set count = count + 1 where label = $1`, ['nobody']);
    expect({ rows: none.rows, fields: none.fields, command: none.command, affectedRows: none.affectedRows }).toEqual({
      rows: [],
      fields: [],
      command: 'UPDATE',
      affectedRows: 0,
    });
  });

  it('parses and plans a repeated statement once, and runs it on the generic plan after five custom ones', async () => {
    const statements = new PreparedStatements(pglite, 8, 60_000);
    const before = (await heldStatements()).length;
    const text = `select id, label from kinds where count >= $1 and label <> $2 order by id`;
    for (let run = 0; run < 12; run += 1) await statements.query(text, [run % 3, 'x']);
    expect(statements.size).toBe(1);
    const held = await heldStatements();
    expect(held).toHaveLength(before + 1);
    const mine = held.find((statement) => statement.custom_plans + statement.generic_plans === 12);
    expect(mine).toMatchObject({ custom_plans: 5, generic_plans: 7 });
  });

  it('keeps a bounded number and closes the least recently used ones in PostgreSQL too', async () => {
    const statements = new PreparedStatements(pglite, 2, 60_000);
    const before = (await heldStatements()).length;
    for (const limit of [1, 2, 3, 4, 5]) await statements.query(`select id from kinds limit ${limit} offset $1`, [0]);
    expect(statements.size).toBe(2);
    // The last eviction's Close went out with the last run's Bind.
    expect((await heldStatements()).length).toBe(before + 2);
  });

  it('prepares a statement again once it is older than the maximum age, and closes the old one', async () => {
    const statements = new PreparedStatements(pglite, 8, 50);
    const text = `select count(*)::int as n from kinds where count >= $1`;
    const names = async () => (await heldStatements()).map((statement) => statement.name);
    const before = await names();
    await statements.query(text, [0]);
    const first = (await names()).filter((name) => !before.includes(name));
    await statements.query(text, [0]);
    expect((await names()).filter((name) => !before.includes(name))).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await statements.query(text, [0]);
    const second = (await names()).filter((name) => !before.includes(name));
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(statements.size).toBe(1);
  });

  it('sends other statements through query() and keeps nothing for them', async () => {
    const statements = new PreparedStatements(pglite);
    await statements.query(`set application_name = 'textclass-test'`, []);
    await statements.query(`create temporary table scratch (n integer)`, []);
    expect(statements.size).toBe(0);
    expect((await pglite.query<{ name: string }>(`show application_name`)).rows).toEqual([
      { application_name: 'textclass-test' },
    ]);
  });

  it('throws the database error query() throws, and the session goes on', async () => {
    const statements = new PreparedStatements(pglite);
    await statements.query(insert, values('twice'));
    const failure = await statements.query(insert, values('twice')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'kinds_label_key', severity: 'ERROR' });
    expect(isStorageFailure(failure)).toBe(true);
    const syntax = await statements.query(`select from where $1`, [1]).catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await statements.query(`select count(*)::int as n from kinds where label = $1`, ['twice'])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('runs inside a transaction, and a failed statement there leaves it to roll back', async () => {
    const statements = new PreparedStatements(pglite);
    await pglite.query('begin');
    await statements.query(insert, values('in a transaction'));
    await expect(statements.query(insert, values('in a transaction'))).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query(`select 1 as one where $1`, [true])).rejects.toMatchObject({ code: '25P02' });
    await pglite.query('rollback');
    const left = await statements.query(`select count(*)::int as n from kinds where label = $1`, ['in a transaction']);
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    const statements = new PreparedStatements(pglite);
    await pglite.exec(`create table reshaped (id integer primary key)`);
    await statements.query(`insert into reshaped values ($1)`, [1]);
    const read = `select * from reshaped where id = $1`;
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1 }]);
    await pglite.exec(`alter table reshaped add column note text default 'added'`);
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1, note: 'added' }]);
  });

  it('does not interleave with query() calls in flight', async () => {
    const statements = new PreparedStatements(pglite);
    const text = `select $1::int * 2 as doubled, $2::text as tag`;
    const calls = Array.from({ length: 60 }, (_, n) =>
      n % 2 === 0
        ? statements.query<{ doubled: number; tag: string }>(text, [n, `s${n}`])
        : pglite.query<{ doubled: number; tag: string }>(text, [n, `q${n}`]),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.rows[0])).toEqual(
      Array.from({ length: 60 }, (_, n) => ({ doubled: n * 2, tag: `${n % 2 === 0 ? 's' : 'q'}${n}` })),
    );
  });

  it('delivers the notifications its statements raise', async () => {
    const statements = new PreparedStatements(pglite);
    const heard: string[] = [];
    const unlisten = await pglite.listen('kinds_changed', (payload) => heard.push(payload));
    await statements.query(insert, values('announced'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await unlisten();
    expect(heard).toEqual(['announced']);
  });

  it('fails as a storage failure once PGlite is closed', async () => {
    const own = (await openPGlite(IN_MEMORY)).pglite;
    const statements = new PreparedStatements(own);
    await statements.query(`select $1::int as n`, [1]);
    await own.close();
    const failure = await statements.query(`select $1::int as n`, [1]).catch((error: unknown) => error);
    expect(isStorageFailure(failure)).toBe(true);
  });
});
