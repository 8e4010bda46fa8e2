// The one-statement row write: it stores nothing when the dataset's models changed since they were read, so every stored row gets the jobs of the models it was stored under, and concurrent writers keep the row count exact.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { NewRecord } from '../../../core/shared/types.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { reserveRows, writeRows } from './record-inserts.js';

const row = (text: string): NewRecord => ({ values: { text, stars: null }, metadata: {} });

describe.each(testTargets())('one-statement row writes on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  const stored = async (datasetId: number) => {
    const { rows } = await sql<{ records: string; row_count: string; job_rows: string[] | null }>`
      select (select count(*) from records where dataset_id = ${datasetId}) as records,
        (select row_count from datasets where id = ${datasetId}) as row_count,
        (select array_agg(r) from jobs, jsonb_array_elements_text(payload -> 'record_ids') as r
          where (payload ->> 'dataset_id')::int = ${datasetId}) as job_rows`.execute(database.db);
    const [counts] = rows;
    return { records: Number(counts?.records), rowCount: Number(counts?.row_count), jobRows: counts?.job_rows ?? [] };
  };

  it('stores nothing when the models changed after they were read, and the retried write queues their jobs', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'attach'));
    const read = await reserveRows(database.db, dataset.id, 2);
    if (!read) throw new Error('dataset not found');
    expect(read.dataset.modelIds).toEqual([]);
    // A model is attached between the read and the write (no job is asked for while there is none).
    await sql`update datasets set model_ids = '[7]'::jsonb where id = ${dataset.id}`.execute(database.db);
    const jobs = classificationJobs({
      workspaceId: read.dataset.workspaceId,
      datasetId: dataset.id,
      modelIds: read.dataset.modelIds,
      recordIds: read.recordIds,
    });
    expect(jobs).toEqual([]);
    expect(await writeRows(database.db, dataset.id, read, [row('a'), row('b')], jobs, undefined)).toBeUndefined();
    expect(await stored(dataset.id)).toEqual({ records: 0, rowCount: 0, jobRows: [] });

    const inserted = await repos.records.insertMany(dataset.id, [row('a'), row('b')], classificationJobs);
    const after = await stored(dataset.id);
    expect(after).toMatchObject({ records: 2, rowCount: 2 });
    expect(after.jobRows.sort()).toEqual(inserted.map((r) => r.id).sort());
  });

  it('keeps rows, jobs and the count exact under concurrent writers while models change', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'busy', { modelIds: [1] }));
    const writes = Array.from({ length: 12 }, (_, batch) =>
      repos.records.insertMany(
        dataset.id,
        Array.from({ length: 8 }, (_, index) => row(`w${batch}-${index}`)),
        classificationJobs,
      ),
    );
    const changes = [[1, 2], [2], [1]].map((ids) =>
      sql`update datasets set model_ids = ${JSON.stringify(ids)}::jsonb where id = ${dataset.id}`.execute(database.db),
    );
    const written = (await Promise.all(writes)).flat();
    await Promise.all(changes);
    const after = await stored(dataset.id);
    expect(after).toMatchObject({ records: 96, rowCount: 96 });
    // Every row has exactly one job: none lost, none twice.
    expect(after.jobRows.sort()).toEqual(written.map((r) => r.id).sort());
  });

  it('refuses a dataset that went between the read and the write', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'gone'));
    const read = await reserveRows(database.db, dataset.id, 1);
    if (!read) throw new Error('dataset not found');
    await sql`delete from datasets where id = ${dataset.id}`.execute(database.db);
    expect(await writeRows(database.db, dataset.id, read, [row('late')], [], undefined)).toBeUndefined();
    await expect(repos.records.insertMany(dataset.id, [row('late')], classificationJobs)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await reserveRows(database.db, dataset.id, 1)).toBeUndefined();
  });

  it('answers UNAVAILABLE with a retry after 1 s when the write keeps finding the models changed, storing nothing', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'unsettled', { modelIds: [1] }));
    // Each write's guarded bump finds no row to update (as when the models changed since the read), every time.
    await sql`create function tc_skip_bump() returns trigger language plpgsql as $$ begin return null; end $$`.execute(
      database.db,
    );
    await sql`create trigger tc_skip_bump before update on datasets for each row
      when (old.id = ${sql.lit(dataset.id)}) execute function tc_skip_bump()`.execute(database.db);
    try {
      await expect(repos.records.insertMany(dataset.id, [row('never')], classificationJobs)).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        retryAfterSeconds: 1,
      });
    } finally {
      await sql`drop trigger tc_skip_bump on datasets`.execute(database.db);
      await sql`drop function tc_skip_bump()`.execute(database.db);
    }
    expect(await stored(dataset.id)).toEqual({ records: 0, rowCount: 0, jobRows: [] });
  });
});
