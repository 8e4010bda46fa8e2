// Connectors in storage with the core's sync runner over an in-memory source: pages upserted by remote id with their cursor, exact write-back through the outbox, the lease, and errors in the run log (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import { RemoteSystemError } from '../../../core/ports/connector-sources.js';
import type { ConnectorRepository } from '../../../core/ports/connectors.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { connectorKit, MemorySource } from '../testing/connector-kit.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { createConnectorRepository } from './connectors.js';

describe.each(testTargets())('connectors on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let connectors: ConnectorRepository;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    connectors = createConnectorRepository(database.db);
  });
  afterAll(() => database.dispose());

  const { setup, due, runs, records } = connectorKit({
    database: () => database,
    repos: () => repos,
    connectors: () => connectors,
  });

  it('stores each ticket once, writes back only labels over their cut-off, and stores nothing twice on a re-run', async () => {
    const source = new MemorySource();
    for (let i = 1; i <= 7; i += 1) source.put(`t${i}`, i === 4 ? 'unsure ticket' : `ticket ${i}`);
    const { connector, dataset, runner } = await setup(source);

    expect(await runner().tick()).toBe(1);
    const stored = await records(dataset);
    expect(stored.map((r) => r.values.text).sort()).toEqual(
      ['ticket 1', 'ticket 2', 'ticket 3', 'unsure ticket', 'ticket 5', 'ticket 6', 'ticket 7'].sort(),
    );
    expect(stored.every((r) => r.metadata.priority === 'high')).toBe(true);
    // The source is told which remote fields the mapping names (a system that returns only those asked for).
    expect(source.opened[0]?.fields).toEqual(['subject', 'priority']);
    expect(source.writes.map((w) => w.remoteId).sort()).toEqual(['t1', 't2', 't3', 't5', 't6', 't7']);
    expect(source.writes.every((w) => w.labels.join() === 'positive' && w.mode === 'tags')).toBe(true);
    const [first] = await runs(connector);
    expect(first).toMatchObject({ status: 'succeeded', fetched: 7, stored: 7, writtenBack: 6, error: null });
    expect((await repos.datasets.get(dataset.workspaceId, dataset.id))?.rowCount).toBe(7);

    await due(connector);
    expect(await runner().tick()).toBe(1);
    expect(await records(dataset)).toHaveLength(7);
    expect(source.writes).toHaveLength(6);
    expect((await runs(connector))[0]).toMatchObject({ status: 'succeeded', fetched: 0, stored: 0, writtenBack: 0 });
  });

  it('updates the record of an edited ticket, classifies it again and writes its labels again', async () => {
    const source = new MemorySource();
    source.put('t1', 'unsure at first');
    source.put('t2', 'fine');
    const { connector, dataset, runner } = await setup(source);
    await runner().tick();
    const before = await records(dataset);
    expect(source.writes.map((w) => w.remoteId)).toEqual(['t2']);

    source.put('t1', 'now clear');
    source.put('t2', 'fine'); // touched remotely (e.g. by our own tag) but its mapped fields are the same
    await due(connector);
    await runner().tick();
    const after = await records(dataset);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.find((r) => r.id === before[0]!.id)?.values.text).toBe('now clear');
    expect(source.writes.map((w) => w.remoteId)).toEqual(['t2', 't1']);
    expect((await runs(connector))[0]).toMatchObject({ fetched: 2, stored: 1, skipped: 1, writtenBack: 1 });
  });

  it('ends a run on a remote failure with its status and message, and resumes from the last committed page', async () => {
    const source = new MemorySource(2);
    for (let i = 1; i <= 6; i += 1) source.put(`t${i}`, `ticket ${i}`);
    source.failFetch = new RemoteSystemError('remote', 503, 'Service Unavailable');
    source.failFetchAfter = 2;
    const { connector, dataset, runner } = await setup(source);
    await runner().tick();
    expect((await runs(connector))[0]).toMatchObject({
      status: 'failed',
      fetched: 4,
      stored: 4,
      error: { kind: 'remote', status: 503, message: 'Service Unavailable' },
    });
    expect((await connectors.get(connector.workspaceId, connector.id))?.status).toBe('idle');

    source.failFetch = undefined;
    source.fetches = [];
    await due(connector);
    await runner().tick();
    expect(source.fetches[0]).toBe('4');
    expect(await records(dataset)).toHaveLength(6);
    expect(new Set(source.writes.map((w) => w.remoteId)).size).toBe(6);
    expect(source.writes).toHaveLength(6);
  });

  it('stops on refused credentials: status error with the remote message, no scheduled run until asked', async () => {
    const source = new MemorySource();
    source.put('t1', 'x');
    source.failFetch = new RemoteSystemError('auth', 401, "Couldn't authenticate you");
    source.failFetchAfter = 0;
    const { connector, runner } = await setup(source);
    await runner().tick();
    const stopped = await connectors.get(connector.workspaceId, connector.id);
    expect(stopped).toMatchObject({ status: 'error', statusMessage: "Couldn't authenticate you" });
    expect((await runs(connector))[0]?.error).toEqual({
      kind: 'auth',
      status: 401,
      message: "Couldn't authenticate you",
    });
    // Even when due, a connector in error is not claimed by the schedule.
    await connectors.update(connector.workspaceId, connector.id, { intervalSeconds: 5 });
    expect(await connectors.claimDue('anyone', 60_000)).toBeUndefined();
    expect((await due(connector))?.status).toBe('idle');
  });

  it('leases a connector to one process at a time; a dead holder’s lease expires and its late page is refused', async () => {
    const source = new MemorySource();
    source.put('t1', 'x');
    const { connector } = await setup(source);
    const a = await connectors.claimDue('process-a', 1_000);
    expect(a?.connector.id).toBe(connector.id);
    expect(await connectors.claimDue('process-b', 1_000)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1_200));
    const b = await connectors.claimDue('process-b', 60_000);
    expect(b?.connector.id).toBe(connector.id);
    await expect(connectors.storePage(connector.id, 'process-a', [], '9', classificationJobs)).rejects.toThrow(
      /no longer leased/,
    );
    expect(await connectors.renewLease(connector.id, 'process-a', 1_000)).toBe(false);
    expect(await connectors.renewLease(connector.id, 'process-b', 60_000)).toBe(true);
    await connectors.release(connector.id, 'process-b', { status: 'idle', statusMessage: null, nextRunAt: new Date() });
  });

  it('keeps a lease that ran out while nobody else claimed it (a slow page does not lose the connector)', async () => {
    const source = new MemorySource();
    source.put('t1', 'x');
    const { connector } = await setup(source);
    expect((await connectors.claimDue('process-a', 1_000))?.connector.id).toBe(connector.id);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await connectors.renewLease(connector.id, 'process-a', 60_000)).toBe(true);
    await connectors.storePage(connector.id, 'process-a', [], '1', classificationJobs);
    expect(await connectors.claimDue('process-b', 60_000)).toBeUndefined();
    await connectors.release(connector.id, 'process-a', { status: 'idle', statusMessage: null, nextRunAt: new Date() });
  });

  it('makes a write whose outcome was lost only once (the claimed write returns after its lease, the marker is found)', async () => {
    const source = new MemorySource();
    source.put('t1', 'x');
    const { connector, runner } = await setup(source, { leaseMs: 1_000 });
    source.failWrite = new RemoteSystemError('network', null, 'socket hang up');
    await runner().tick();
    expect((await runs(connector))[0]).toMatchObject({ status: 'failed', error: { kind: 'network' } });
    source.failWrite = undefined;
    // A process claims the write, makes it, and dies before recording it.
    const [claimed] = await connectors.claimWrites(connector.id, 10, 1_000);
    await source.writeBack({ ...claimed!, modelName: 'topic', mode: 'tags' });
    await new Promise((r) => setTimeout(r, 1_200));
    await due(connector);
    await runner().tick();
    expect(source.writes).toHaveLength(1);
    const { rows } = await sql<{ status: string }>`
      select status from connector_writebacks where connector_id = ${connector.id}`.execute(database.db);
    expect(rows.some((r) => r.status === 'already_present')).toBe(true);
  });
});
