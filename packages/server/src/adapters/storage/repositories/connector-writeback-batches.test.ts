// Write-back costs the remote's calls and no database statement per ticket: a claimed batch's outcomes are recorded in one statement, so a database busy with other work does not slow every write; a batch cut short by a failure still records the writes it made (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteSystemError } from '../../../core/ports/connector-sources.js';
import type { ConnectorRepository } from '../../../core/ports/connectors.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { connectorKit, MemorySource } from '../testing/connector-kit.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { createConnectorRepository } from './connectors.js';

describe.each(testTargets())('connector write-back batches on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let connectors: ConnectorRepository;
  const calls = new Map<string, number>();

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    const real = createConnectorRepository(database.db);
    // Counts the repository's statements by method.
    connectors = new Proxy(real, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  });
  afterAll(() => database.dispose());

  const { setup, due } = connectorKit({
    database: () => database,
    repos: () => repos,
    connectors: () => connectors,
  });
  const statuses = async (connectorId: number) =>
    (
      await sql<{ status: string; n: number }>`
        select status, count(*)::int as n from connector_writebacks where connector_id = ${connectorId}
        group by status order by status`.execute(database.db)
    ).rows;

  it('records the outcomes of a claimed batch in one statement, not one per ticket', async () => {
    const source = new MemorySource(50);
    for (let i = 1; i <= 120; i += 1) source.put(`t${i}`, `ticket ${i}`);
    const { connector, runner } = await setup(source);
    calls.clear();
    expect(await runner().tick()).toBe(1);
    expect(source.writes).toHaveLength(120);
    expect(await statuses(connector.id)).toEqual([{ status: 'written', n: 120 }]);
    // 120 writes claimed 50 at a time: three batches, three statements recording them.
    expect((calls.get('completeWrites') ?? 0) + (calls.get('completeWrite') ?? 0)).toBe(3);
  });

  it('records the writes a failing batch made before the failure; the next run makes only the rest', async () => {
    const source = new MemorySource(50);
    for (let i = 1; i <= 10; i += 1) source.put(`t${i}`, `ticket ${i}`);
    source.failWrite = new RemoteSystemError('network', null, 'socket hang up');
    source.failWriteAfter = 4;
    const { connector, runner } = await setup(source);
    await runner().tick();
    expect(await statuses(connector.id)).toEqual([
      { status: 'pending', n: 6 },
      { status: 'written', n: 4 },
    ]);
    source.failWrite = undefined;
    // The claimed writes the failure left return when their lease ends (60 s here): end it now.
    await sql`update connector_writebacks set locked_until = null where connector_id = ${connector.id}`.execute(
      database.db,
    );
    await due(connector);
    await runner().tick();
    expect(source.writes).toHaveLength(10);
    expect(new Set(source.writes.map((w) => w.remoteId)).size).toBe(10);
    expect(await statuses(connector.id)).toEqual([{ status: 'written', n: 10 }]);
  });
});
