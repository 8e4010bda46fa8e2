// Job queue and pipeline results: jobs commit with their rows, leases keep them with one worker, results and outbox rows are written once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIFY_RECORDS_JOB, classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset, NewRecord } from '../../../core/shared/types.js';
import { createRepositories } from '../index.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const row = (text: string): NewRecord => ({ values: { text, stars: null }, metadata: {} });

describe.each(testTargets())('job queue on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  async function freshDataset(modelIds: number[]): Promise<Dataset> {
    const workspace = await createWorkspace(repos);
    return repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds }));
  }

  const drain = async () => {
    for (;;) {
      const jobs = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 100, 60_000);
      if (jobs.length === 0) return;
      for (const j of jobs) await repos.jobs.complete(j.id);
    }
  };

  it('stores a classification job with the rows of a dataset that has models, and none without models', async () => {
    await drain();
    const withModels = await freshDataset([1]);
    const inserted = await repos.records.insertMany(withModels.id, [row('a'), row('b')], classificationJobs);
    await repos.records.insertMany((await freshDataset([])).id, [row('c')], classificationJobs);
    const jobs = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({
      workspace_id: withModels.workspaceId,
      dataset_id: withModels.id,
      record_ids: inserted.map((r) => r.id),
    });
    expect(jobs[0]!.attempts).toBe(1);
    await repos.jobs.complete(jobs[0]!.id);
  });

  it('tells this process once the rows and their job have committed, and not for rows that queue no job', async () => {
    await drain();
    const withModels = await freshDataset([1]);
    const pendingAtNotice: Array<Promise<number>> = [];
    const stop = repos.jobs.onQueued(() => pendingAtNotice.push(repos.jobs.countPending()));
    await repos.records.insertMany(withModels.id, [row('a')], classificationJobs);
    await repos.records.insertMany((await freshDataset([])).id, [row('b')], classificationJobs);
    stop();
    await repos.records.insertMany(withModels.id, [row('c')], classificationJobs);
    expect(pendingAtNotice).toHaveLength(1);
    // Told after the commit: a worker woken by it finds the job.
    expect(await pendingAtNotice[0]).toBe(1);
    await drain();
  });

  it('leases a claimed job: nobody else gets it until the lease ends, then it runs again', async () => {
    await drain();
    const id = await repos.jobs.enqueue(CLASSIFY_RECORDS_JOB, { n: 1 });
    expect((await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000)).map((j) => j.id)).toEqual([id]);
    expect(await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000)).toEqual([]);
    await sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`.execute(database.db);
    const again = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000);
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[id, 2]]);
    await repos.jobs.retry(id, 'boom', null);
    expect(await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000)).toEqual([]);
  });

  it('hands each job to exactly one of several concurrent claimers', async () => {
    await drain();
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) => repos.jobs.enqueue(CLASSIFY_RECORDS_JOB, { n })),
    );
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => repos.jobs.claim(CLASSIFY_RECORDS_JOB, 6, 60_000)),
    );
    const claimed = claims.flat().map((j) => j.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...claimed].sort()).toEqual([...ids].sort());
  });

  it('writes a result once and, in the same transaction, one outbox delivery per chosen endpoint that is still enabled', async () => {
    const dataset = await freshDataset([1]);
    const [record] = await repos.records.insertMany(dataset.id, [row('hello')], classificationJobs);
    const on = await repos.webhooks.create({
      workspaceId: dataset.workspaceId,
      url: 'https://example.com/a',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_x',
    });
    const off = await repos.webhooks.create({
      workspaceId: dataset.workspaceId,
      url: 'https://example.com/b',
      events: ['classification.completed'],
      enabled: false,
      secret: 'whsec_y',
    });
    const elsewhere = await repos.webhooks.create({
      workspaceId: (await createWorkspace(repos)).id,
      url: 'https://example.com/c',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_z',
    });
    expect((await repos.webhooks.listEnabled(dataset.workspaceId)).map((e) => e.id)).toEqual([on.id]);
    const event = {
      type: 'classification.completed',
      body: '{"event":"classification.completed"}',
      endpointIds: [on.id, off.id, elsewhere.id],
    };
    const result = {
      recordId: record!.id,
      classifications: { '1': { label: 'x', confidence: 0.4 } },
      needsReview: ['1'],
      skippedModels: {},
      failedModels: {},
      event,
    };
    expect(await repos.pipeline.saveResults(dataset.workspaceId, [result])).toEqual([record!.id]);
    expect(await repos.pipeline.saveResults(dataset.workspaceId, [{ ...result, needsReview: [] }])).toEqual([]);
    expect(await repos.pipeline.unclassified(dataset.id, [record!.id])).toEqual([]);
    const page = await repos.records.list(dataset.id, { offset: 0, limit: 10 });
    expect(page.items[0]).toMatchObject({ classifications: result.classifications, needsReview: ['1'] });
    const deliveries = await repos.webhooks.listDeliveries(on.id, { offset: 0, limit: 10 });
    expect(deliveries.total).toBe(1);
    expect(deliveries.items[0]).toMatchObject({
      status: 'pending',
      event: 'classification.completed',
      body: event.body,
      messageId: expect.stringMatching(/^msg_/),
      attempts: [],
    });
    expect((await repos.webhooks.listDeliveries(off.id, { offset: 0, limit: 10 })).total).toBe(0);
    expect((await repos.webhooks.listDeliveries(elsewhere.id, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('writes the models that failed on a record with its result; a record no model classified is done and sends nothing', async () => {
    const dataset = await freshDataset([1, 2]);
    const [partly, wholly] = await repos.records.insertMany(dataset.id, [row('one'), row('two')], classificationJobs);
    const endpoint = await repos.webhooks.create({
      workspaceId: dataset.workspaceId,
      url: 'https://example.com/failed',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_f',
    });
    const reason = 'model 2 could not classify the record: the text broke it';
    const written = await repos.pipeline.saveResults(dataset.workspaceId, [
      {
        recordId: partly!.id,
        classifications: { '1': { label: 'x', confidence: 0.9 } },
        needsReview: [],
        skippedModels: {},
        failedModels: { '2': reason },
        event: { type: 'classification.completed', body: '{"row_id":"one"}', endpointIds: [endpoint.id] },
      },
      {
        recordId: wholly!.id,
        classifications: {},
        needsReview: [],
        skippedModels: {},
        failedModels: { '1': reason.replace('2', '1'), '2': reason },
        event: null,
      },
    ]);
    expect(written).toEqual([partly!.id, wholly!.id]);
    expect(await repos.pipeline.unclassified(dataset.id, [partly!.id, wholly!.id])).toEqual([]);
    const page = await repos.records.list(dataset.id, { offset: 0, limit: 10 });
    expect(page.items.map((r) => [r.classifications, r.failedModels])).toEqual([
      [{ '1': { label: 'x', confidence: 0.9 } }, { '2': reason }],
      [{}, { '1': reason.replace('2', '1'), '2': reason }],
    ]);
    const deliveries = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 10 });
    expect(deliveries.items.map((d) => d.body)).toEqual(['{"row_id":"one"}']);
    const [fresh] = await repos.records.insertMany(dataset.id, [row('three')], classificationJobs);
    expect(fresh!.failedModels).toEqual({});
  });

  it('keeps the trace context of the request storing rows with their job and the outbox rows of the job; null when untraced', async () => {
    await drain();
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const traced = createRepositories(database.db, undefined, () => traceparent);
    const dataset = await freshDataset([1]);
    const [record] = await traced.records.insertMany(dataset.id, [row('traced')], classificationJobs);
    const [untracedRecord] = await repos.records.insertMany(dataset.id, [row('untraced')], classificationJobs);
    const jobs = (await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000)).sort((a, b) => Number(a.id) - Number(b.id));
    expect(jobs.map((j) => j.traceContext)).toEqual([traceparent, undefined]);
    const stored = await sql<{ trace_context: string | null }>`
      select trace_context from jobs where payload->>'dataset_id' = ${String(dataset.id)} order by id`.execute(
      database.db,
    );
    expect(stored.rows.map((r) => r.trace_context)).toEqual([traceparent, null]);

    const endpoint = await repos.webhooks.create({
      workspaceId: dataset.workspaceId,
      url: 'https://example.com/traced',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_t',
    });
    const event = { type: 'classification.completed', body: '{}', endpointIds: [endpoint.id] };
    const result = (recordId: string) => ({
      recordId,
      classifications: { '1': { label: 'x', confidence: 0.9 } },
      needsReview: [],
      skippedModels: {},
      failedModels: {},
      event,
    });
    await repos.pipeline.saveResults(dataset.workspaceId, [result(record!.id)], jobs[0]!.traceContext);
    await repos.pipeline.saveResults(dataset.workspaceId, [result(untracedRecord!.id)], jobs[1]!.traceContext);
    // Every claim of a delivery (each attempt) hands the sender the same trace context.
    const claimed = (await repos.webhooks.claimDue(100, 60_000))
      .filter((c) => c.endpoint.id === endpoint.id)
      .sort((a, b) => Number(a.delivery.id) - Number(b.delivery.id));
    expect(claimed.map(({ delivery }) => delivery.traceContext)).toEqual([traceparent, undefined]);
  });
  it('claims jobs by rows: small jobs up to the budget, a large first job alone, and deletes finished ones at once', async () => {
    await drain();
    // Jobs earlier tests claimed and left under their lease stay pending; only this test's jobs must go.
    const pendingBefore = await repos.jobs.countPending();
    const dataset = await freshDataset([1]);
    const write = (n: number) =>
      repos.records.insertMany(
        dataset.id,
        Array.from({ length: n }, (_, i) => row(`w${n}-${i}`)),
        classificationJobs,
      );
    await write(30);
    for (let i = 0; i < 5; i++) await write(8);
    const weight = { arrayField: 'record_ids', max: 40 };
    const first = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 100, 60_000, weight);
    // 30 + 8 = 38 rows fit; a third job would make 46.
    expect(first.map((j) => (j.payload as { record_ids: string[] }).record_ids.length)).toEqual([30, 8]);
    const second = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 100, 60_000, { arrayField: 'record_ids', max: 4 });
    expect(second.map((j) => (j.payload as { record_ids: string[] }).record_ids.length)).toEqual([8]);
    await repos.jobs.completeAll([...first, ...second].map((j) => j.id));
    const rest = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 100, 60_000, weight);
    expect(rest).toHaveLength(3);
    await repos.jobs.completeAll(rest.map((j) => j.id));
    expect(await repos.jobs.countPending()).toBe(pendingBefore);
  });
});
