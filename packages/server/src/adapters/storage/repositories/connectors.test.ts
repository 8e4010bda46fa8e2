// Connectors in storage with the core's sync runner over an in-memory source: pages upserted by remote id with their cursor, exact write-back through the outbox, the lease, and errors in the run log (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorSyncRunner, DEFAULT_SYNC_OPTIONS } from '../../../core/connectors/sync-runner.js';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import {
  RemoteSystemError,
  type ConnectorSource,
  type LabelWrite,
  type RemoteTicket,
  type TicketPage,
} from '../../../core/ports/connector-sources.js';
import type { Connector, ConnectorRepository, CredentialCipher } from '../../../core/ports/connectors.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset, Model } from '../../../core/shared/types.js';
import { createWorkspace, newDataset, newModel } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { createConnectorRepository } from './connectors.js';

/** A remote system in memory: tickets ordered by a change counter (the cursor), pages of `pageSize`, writes keyed by marker. */
class MemorySource implements ConnectorSource {
  readonly type = 'zendesk' as const;
  private clock = 0;
  readonly tickets = new Map<string, { ticket: RemoteTicket; changed: number }>();
  readonly writes: LabelWrite[] = [];
  readonly markers = new Set<string>();
  fetches: Array<string | null> = [];
  failFetch: RemoteSystemError | undefined;
  failFetchAfter = Infinity;
  failWrite: RemoteSystemError | undefined;

  constructor(private readonly pageSize = 3) {}

  put(remoteId: string, subject: string): void {
    this.clock += 1;
    this.tickets.set(remoteId, {
      ticket: { remoteId, updatedAt: new Date(this.clock * 1000).toISOString(), fields: { subject, priority: 'high' } },
      changed: this.clock,
    });
  }

  async fetchPage(cursor: string | null): Promise<TicketPage> {
    this.fetches.push(cursor);
    if (this.failFetch && this.fetches.length > this.failFetchAfter) throw this.failFetch;
    const after = cursor === null ? 0 : Number(cursor);
    const due = [...this.tickets.values()].filter((t) => t.changed > after).sort((a, b) => a.changed - b.changed);
    const page = due.slice(0, this.pageSize);
    return {
      tickets: page.map((t) => t.ticket),
      cursor: String(page.at(-1)?.changed ?? after),
      done: due.length <= this.pageSize,
    };
  }

  async writeBack(write: LabelWrite) {
    if (this.failWrite) throw this.failWrite;
    if (this.markers.has(write.marker)) return 'already_present' as const;
    this.markers.add(write.marker);
    this.writes.push(write);
    return 'written' as const;
  }
}

/** Opens what it is given: the repository stores the text as it is sealed. */
const plainCipher: CredentialCipher = { seal: (t) => `v1:${t}`, open: (s) => s.slice(3) };

describe.each(testTargets())('connectors on $kind', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let connectors: ConnectorRepository;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    connectors = createConnectorRepository(database.db);
  });
  afterAll(() => database.dispose());

  /** Classifies every unclassified record of the dataset: "positive" at 0.9, or at 0.3 (needs review) when the subject says "unsure". */
  async function classifyAll(dataset: Dataset, model: Model): Promise<void> {
    const page = await repos.records.list(dataset.id, { offset: 0, limit: 10_000 });
    const pending = page.items.filter((r) => r.classifications === null);
    await repos.pipeline.saveResults(
      dataset.workspaceId,
      pending.map((r) => {
        const unsure = String(r.values.text).includes('unsure');
        return {
          recordId: r.id,
          classifications: { [model.id]: { label: 'positive', confidence: unsure ? 0.3 : 0.9 } },
          needsReview: unsure ? [String(model.id)] : [],
          skippedModels: {},
          failedModels: {},
          event: null,
        };
      }),
    );
  }

  async function setup(source: MemorySource, options: { owner?: string; leaseMs?: number } = {}) {
    // claimDue takes any due connector of the database: the earlier tests' connectors are put aside.
    await sql`update connectors set enabled = false`.execute(database.db);
    const workspace = await createWorkspace(repos);
    const model = await repos.models.create(newModel(workspace.id, 'topic'));
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'tickets', { modelIds: [model.id] }));
    const connector = await connectors.create({
      workspaceId: workspace.id,
      type: 'zendesk',
      name: 'support',
      baseUrl: 'https://acme.zendesk.example',
      sealedCredentials: plainCipher.seal(JSON.stringify({ email: 'a@b.example', api_token: 't' })),
      datasetId: dataset.id,
      fieldMapping: { columns: { text: 'subject' }, metadata: { priority: 'priority' } },
      intervalSeconds: 300,
      writeBack: { enabled: true, modelIds: [model.id], mode: 'tags', field: null },
      enabled: true,
    });
    const runner = (owner = options.owner ?? 'process-a') =>
      new ConnectorSyncRunner(
        {
          connectors,
          models: repos.models,
          sources: () => source,
          cipher: plainCipher,
          jobsFor: classificationJobs,
          events: { runFinished: () => undefined },
          // Waiting for the classification worker: classify here instead.
          sleep: () => classifyAll(dataset, model),
        },
        { ...DEFAULT_SYNC_OPTIONS, owner, leaseMs: options.leaseMs ?? 60_000, classificationWaitMs: 5_000 },
      );
    return { workspace, model, dataset, connector, runner };
  }

  const due = (c: Connector) => connectors.requestSync(c.workspaceId, c.id);
  const runs = (c: Connector) => connectors.listRuns(c.id, { offset: 0, limit: 100 }).then((p) => p.items);
  const records = (d: Dataset) => repos.records.list(d.id, { offset: 0, limit: 1000 }).then((p) => p.items);

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
