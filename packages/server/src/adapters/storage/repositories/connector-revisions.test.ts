// A ticket edited while its older text is classified: that classification does not land on the newer revision, and only the newest revision's labels are written back (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import { RemoteSystemError } from '../../../core/ports/connector-sources.js';
import type { ConnectorRepository, MappedTicket } from '../../../core/ports/connectors.js';
import type { RecordResult } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { connectorKit, MemorySource } from '../testing/connector-kit.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { createConnectorRepository } from './connectors.js';

describe.each(testTargets())('connector revisions on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let connectors: ConnectorRepository;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    connectors = createConnectorRepository(database.db);
  });
  afterAll(() => database.dispose());

  const { setup, due, records } = connectorKit({
    database: () => database,
    repos: () => repos,
    connectors: () => connectors,
  });

  const ticket = (text: string, at: number): MappedTicket => ({
    remoteId: 't1',
    remoteUpdatedAt: new Date(at * 1000).toISOString(),
    values: { text },
    metadata: { priority: 'high' },
  });
  const result = (recordId: string, modelId: number, label: string, text: string): RecordResult => ({
    recordId,
    classifications: { [modelId]: { label, confidence: 0.9 } },
    needsReview: [],
    skippedModels: {},
    failedModels: {},
    event: null,
    text,
  });

  it('drops the classification of a text the record no longer holds; the new text is classified and planned', async () => {
    const { connector, dataset, model } = await setup(new MemorySource());
    await connectors.claimDue('process-a', 60_000);
    await connectors.storePage(
      connector.id,
      'process-a',
      [ticket('my card was charged twice', 1)],
      '1',
      classificationJobs,
    );
    const [record] = await records(dataset);
    // A classification job reads the record's text…
    const [read] = await repos.pipeline.unclassified(dataset.id, [record!.id]);
    // …while the ticket is edited remotely and its new revision stored.
    await connectors.storePage(
      connector.id,
      'process-a',
      [ticket('the app crashes at login', 2)],
      '2',
      classificationJobs,
    );
    const stale = result(record!.id, model.id, 'billing', String(read!.values.text));
    expect(await repos.pipeline.saveResults(dataset.workspaceId, [stale])).toEqual([]);
    expect((await records(dataset))[0]?.classifications).toBeNull();
    expect(await connectors.unplanned(connector.id, 10)).toEqual([]);
    const fresh = result(record!.id, model.id, 'technical', 'the app crashes at login');
    expect(await repos.pipeline.saveResults(dataset.workspaceId, [fresh])).toEqual([record!.id]);
    expect(await connectors.unplanned(connector.id, 10)).toEqual([
      expect.objectContaining({ recordId: record!.id, revision: 2, classifications: fresh.classifications }),
    ]);
    await connectors.release(connector.id, 'process-a', { status: 'idle', statusMessage: null, nextRunAt: new Date() });
  });

  it('supersedes the pending write of an older revision: only the newest revision is written back', async () => {
    const source = new MemorySource();
    source.put('t1', 'first text');
    const { connector, runner } = await setup(source);
    source.failWrite = new RemoteSystemError('network', null, 'socket hang up');
    await runner().tick();
    source.failWrite = undefined;
    // The edited ticket's page is stored (by another process) before any run retries the pending write.
    source.put('t1', 'second text');
    await due(connector);
    await connectors.claimDue('process-b', 60_000);
    await connectors.storePage(connector.id, 'process-b', [ticket('second text', 2)], '2', classificationJobs);
    await connectors.release(connector.id, 'process-b', { status: 'idle', statusMessage: null, nextRunAt: new Date() });
    await runner().tick();
    expect(source.writes.map((w) => w.marker)).toEqual([expect.stringMatching(/-r2$/)]);
    const { rows } = await sql<{ revision: number; status: string }>`
      select revision, status from connector_writebacks where connector_id = ${connector.id} order by revision`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { revision: 1, status: 'superseded' },
      { revision: 2, status: 'written' },
    ]);
  });
});
