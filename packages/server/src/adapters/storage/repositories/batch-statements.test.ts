// The statements a classify batch pays to store its results: the finished jobs deleted with the results, the endpoint check inside the outbox INSERT.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIFY_RECORDS_JOB, classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { RecordResult } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset } from '../../../core/shared/types.js';
import { createRepositories } from '../index.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

/** Counts the statements run through the repositories (every query's result passes the plugin; BEGIN/COMMIT do not). */
function counter() {
  const count = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => {
      count.statements++;
      return Promise.resolve(result);
    },
  };
  return { count, plugin };
}

describe.each(testTargets())('batch statements on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let counted: Repositories;
  let count: { statements: number };

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    const c = counter();
    count = c.count;
    counted = createRepositories(database.db.withPlugin(c.plugin));
  });

  afterAll(() => database.dispose());

  const drain = async () => {
    for (let jobs; (jobs = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 100, 60_000)).length > 0;)
      await repos.jobs.completeAll(jobs.map((j) => j.id));
  };

  /** A dataset with two stored rows, their claimed job, and an enabled and a disabled endpoint. */
  async function batch() {
    await drain();
    const workspace = await createWorkspace(repos);
    const dataset: Dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds: [1] }));
    const records = await repos.records.insertMany(
      dataset.id,
      ['a', 'b'].map((text) => ({ values: { text, stars: null }, metadata: {} })),
      classificationJobs,
    );
    const endpoint = (enabled: boolean) =>
      repos.webhooks.create({
        workspaceId: workspace.id,
        url: `http://127.0.0.1:9/${String(enabled)}`,
        events: ['classification.completed'],
        enabled,
        secret: 'whsec_x',
      });
    const [on, off] = [await endpoint(true), await endpoint(false)];
    const jobs = await repos.jobs.claim(CLASSIFY_RECORDS_JOB, 10, 60_000);
    expect(jobs).toHaveLength(1);
    const results: RecordResult[] = records.map((record) => ({
      recordId: record.id,
      classifications: { '1': { label: 'x', confidence: 0.4 } },
      needsReview: ['1'],
      skippedModels: {},
      failedModels: {},
      event: { type: 'classification.completed', body: `{"id":"${record.id}"}`, endpointIds: [on!.id, off!.id] },
    }));
    return { workspace, dataset, records, on: on!, off: off!, jobIds: jobs.map((j) => j.id), results };
  }

  const pendingJobs = async (ids: string[]) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from jobs where id = any(${ids}::bigint[])`.execute(
        database.db,
      )
    ).rows[0]!.n;

  it('writes results, review items and deliveries and deletes the finished jobs in three statements', async () => {
    const { workspace, records, on, off, jobIds, results } = await batch();
    count.statements = 0;
    const written = await counted.pipeline.saveResults(workspace.id, results, undefined, jobIds);
    expect(written).toEqual(records.map((r) => r.id));
    expect(count.statements).toBe(3);
    expect(await pendingJobs(jobIds)).toBe(0);
    expect((await repos.webhooks.listDeliveries(on.id, { offset: 0, limit: 10 })).total).toBe(2);
    expect((await repos.webhooks.listDeliveries(off.id, { offset: 0, limit: 10 })).total).toBe(0);
    // A re-claimed job whose rows are done writes nothing twice, and is deleted all the same.
    const again = await repos.jobs.enqueue(CLASSIFY_RECORDS_JOB, { record_ids: [] });
    expect(await counted.pipeline.saveResults(workspace.id, results, undefined, [again])).toEqual([]);
    expect(await pendingJobs([again])).toBe(0);
    expect((await repos.webhooks.listDeliveries(on.id, { offset: 0, limit: 10 })).total).toBe(2);
  });

  it('keeps the jobs when the results roll back: a job is gone exactly when its results are stored', async () => {
    const { dataset, workspace, records, jobIds, results } = await batch();
    await sql`create function fail_delivery() returns trigger language plpgsql as $$
      begin raise exception 'outbox down'; end $$`.execute(database.db);
    await sql`create trigger fail_delivery before insert on webhook_deliveries
      for each row execute function fail_delivery()`.execute(database.db);
    try {
      await expect(repos.pipeline.saveResults(workspace.id, results, undefined, jobIds)).rejects.toThrow(/outbox down/);
    } finally {
      await sql`drop trigger fail_delivery on webhook_deliveries`.execute(database.db);
      await sql`drop function fail_delivery()`.execute(database.db);
    }
    expect(await pendingJobs(jobIds)).toBe(1);
    expect(
      await repos.pipeline.unclassified(
        dataset.id,
        records.map((r) => r.id),
      ),
    ).toHaveLength(2);
    expect(await repos.pipeline.saveResults(workspace.id, results, undefined, jobIds)).toHaveLength(2);
    expect(await pendingJobs(jobIds)).toBe(0);
  });

  it('gives no delivery to an endpoint disabled after the subscribers were chosen', async () => {
    const { workspace, on, jobIds, results } = await batch();
    await repos.webhooks.update(workspace.id, on.id, { enabled: false });
    count.statements = 0;
    expect(await counted.pipeline.saveResults(workspace.id, results, undefined, jobIds)).toHaveLength(2);
    expect(count.statements).toBe(3);
    expect((await repos.webhooks.listDeliveries(on.id, { offset: 0, limit: 10 })).total).toBe(0);
  });
});
