// Opening, migrating, persisting and closing the database; type round-trips identical on PGlite and PostgreSQL.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, IN_MEMORY, migrateToLatest, openDatabase } from './index.js';
import { testTargets, type TestDatabase } from './testing/targets.js';

const ALL_MIGRATIONS = [
  '0001_initial',
  '0002_quota_usage',
  '0004_jobs_webhooks',
  '0005_uploads',
  '0006_model_lifecycle',
  '0007_trace_context',
  '0008_change_notifications',
  '0009_record_failures',
  '0010_review',
  '0011_multi_label',
  '0012_evaluations',
  '0013_connectors',
  '0014_console_reads',
  '0015_delivery_claims',
  '0016_first_attempt',
];

describe('embedded PGlite on disk', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'textclass-storage-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('persists data across close and reopen, and migrates only once', async () => {
    const infos: object[] = [];
    const logger = { info: (fields: object) => infos.push(fields), warn: () => undefined };

    const first = await openDatabase({ dataDir, logger });
    expect(first.kind).toBe('pglite');
    await createRepositories(first.db).workspaces.create({
      name: 'persisted',
      plan: 'growth',
      rateLimitPerMinute: null,
      monthlyQuota: 5000,
      billingCycleDay: 15,
    });
    await first.close();
    await first.close();

    const second = await openDatabase({ dataDir, logger });
    try {
      const found = await createRepositories(second.db).workspaces.findByName('persisted');
      expect(found).toMatchObject({ plan: 'growth', monthlyQuota: 5000, billingCycleDay: 15 });
      expect(infos).toMatchObject([{ migrationsApplied: ALL_MIGRATIONS }, { migrationsApplied: [] }]);
      const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        second.db,
      );
      expect(migrations.rows.map((row) => row.name)).toEqual(ALL_MIGRATIONS);
    } finally {
      await second.close();
    }
  });

  it('refuses a second opener of the same directory until the first closes', async () => {
    const first = await openDatabase({ dataDir });
    const lockFile = path.join(dataDir, 'pglite.lock');
    try {
      expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }
    await expect(stat(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    await writeFile(path.join(dataDir, 'pglite.lock'), '999999999\n');
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it('rejects a URL that is not PostgreSQL', async () => {
    await expect(openDatabase({ dataDir: IN_MEMORY, databaseUrl: 'mysql://localhost/x' })).rejects.toThrow(/postgres/);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

describe.runIf(postgresUrl)('PostgreSQL in a named schema', () => {
  it('creates the schema, migrates once, and finds its data on the next open', async () => {
    const url = postgresUrl ?? '';
    const schema = `tc_test_reopen_${process.pid}`;
    const infos: object[] = [];
    const logger = { info: (fields: object) => infos.push(fields), warn: () => undefined };
    const first = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY, schema, logger });
    try {
      expect(first.kind).toBe('postgres');
      await createRepositories(first.db).workspaces.create({
        name: 'in-schema',
        plan: 'starter',
        rateLimitPerMinute: null,
        monthlyQuota: null,
        billingCycleDay: 1,
      });
      await first.close();
      const second = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY, schema, logger });
      try {
        expect(await createRepositories(second.db).workspaces.findByName('in-schema')).toBeDefined();
        expect(infos).toMatchObject([{ migrationsApplied: ALL_MIGRATIONS }, { migrationsApplied: [] }]);
        const tables = await sql<{ n: string }>`
          select count(*) as n from information_schema.tables where table_schema = ${schema}`.execute(second.db);
        expect(tables.rows[0]?.n).toBe('24');
      } finally {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(second.db);
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    await expect(
      openDatabase({ databaseUrl: postgresUrl ?? '', dataDir: IN_MEMORY, schema: 'x; drop table y' }),
    ).rejects.toThrow(/invalid schema name/);
  });
});

describe.each(testTargets())('database on $label', (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await target.open();
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('reports its kind and finds nothing left to migrate', async () => {
    expect(database.kind).toBe(target.kind);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('returns int8 as string, int4/float8 as number, timestamptz as Date, jsonb parsed', async () => {
    const instant = new Date('2024-02-29T23:59:58.123Z');
    const result = await sql<Record<string, unknown>>`
      select ${'9007199254740993'}::int8 as big, 7::int4 as small, 0.25::float8 as ratio, 1.5::numeric as exact,
             ${instant}::timestamptz as at, ${JSON.stringify([1, { a: 'ü' }])}::jsonb as doc,
             null::jsonb as nothing, true as flag`.execute(database.db);
    expect(result.rows[0]).toEqual({
      big: '9007199254740993',
      small: 7,
      ratio: 0.25,
      exact: '1.5',
      at: instant,
      doc: [1, { a: 'ü' }],
      nothing: null,
      flag: true,
    });
  });

  it('rolls back a failed transaction and stays usable', async () => {
    const repos = createRepositories(database.db);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('workspaces').values({ name: 'rolled-back', plan: 'starter' }).execute();
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await repos.workspaces.findByName('rolled-back')).toBeUndefined();
    const created = await repos.workspaces.create({
      name: 'after-failure',
      plan: 'starter',
      rateLimitPerMinute: 60,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
  });

  it('enforces the check constraints', async () => {
    const repos = createRepositories(database.db);
    await expect(
      repos.workspaces.create({
        name: 'bad-day',
        plan: 'starter',
        rateLimitPerMinute: null,
        monthlyQuota: null,
        billingCycleDay: 29,
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
