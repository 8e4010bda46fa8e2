// Writing rows through the dataset service reads the dataset once, in the write's own first statement: two statements a call (PGlite, and PostgreSQL with TEST_DATABASE_URL), and every refusal still comes before anything is stored.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../adapters/storage/index.js';
import { createWorkspace, newDataset } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import type { Repositories } from '../ports/repositories.js';
import { DatasetService } from './datasets.js';

describe.each(testTargets())('dataset row writes on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let service: DatasetService;
  let statements = 0;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    const counting: KyselyPlugin = {
      transformQuery(args) {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = createRepositories(database.db.withPlugin(counting));
    service = new DatasetService(counted.datasets, counted.records, counted.models);
  });

  afterAll(() => database.dispose());

  /** Statements `write` runs. */
  async function counting<T>(write: () => Promise<T>): Promise<{ result: T; statements: number }> {
    statements = 0;
    const result = await write();
    return { result, statements };
  }

  const rowCount = async (workspaceId: number, id: number) => (await repos.datasets.get(workspaceId, id))?.rowCount;

  it('stores an item call of 8 rows in two statements: the dataset read with the ids, then the write', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'items', { modelIds: [3] }));
    const rows = Array.from({ length: 8 }, (_, i) => ({ text: `row ${i}`, stars: i, unknown: 'dropped' }));
    const { result, statements: used } = await counting(() => service.addRows(workspace.id, `ds_${dataset.id}`, rows));
    expect(used).toBe(2);
    expect(result.map((r) => r.values)).toEqual(rows.map(({ text, stars }) => ({ text, stars })));
    expect(await rowCount(workspace.id, dataset.id)).toBe(8);
  });

  it('stores a pushed record in two statements, its other strings as metadata', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'records'));
    const { result, statements: used } = await counting(() =>
      service.pushRecord(workspace.id, `ds_${dataset.id}`, { text: 'hello', channel: 'email', stars: 4 }),
    );
    expect(used).toBe(2);
    expect(result).toMatchObject({ values: { text: 'hello', stars: 4 }, metadata: { channel: 'email' } });
  });

  it('refuses, storing nothing: another workspace’s dataset, an unknown one, one processing, a bad cell, no text', async () => {
    const workspace = await createWorkspace(repos);
    const other = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'refusals'));
    await expect(service.addRows(other.id, `ds_${dataset.id}`, [{ text: 'x' }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `dataset ds_${dataset.id} was not found`,
    });
    await expect(service.addRows(workspace.id, String(dataset.id + 1000), [{ text: 'x' }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `dataset ${dataset.id + 1000} was not found`,
    });
    await expect(
      service.addRows(workspace.id, dataset.id, [{ text: 'fine' }, { text: 'bad', stars: 'five' }]),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER', message: 'rows[1].stars: expected a number' });
    await expect(service.pushRecord(workspace.id, `ds_${dataset.id}`, { channel: 'chat' })).rejects.toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
    });
    await repos.datasets.setStatus(workspace.id, dataset.id, 'processing');
    await expect(service.pushRecord(workspace.id, `ds_${dataset.id}`, { text: 'late' })).rejects.toMatchObject({
      code: 'DATASET_PROCESSING',
    });
    expect(await rowCount(workspace.id, dataset.id)).toBe(0);
    expect((await repos.records.list(dataset.id, { offset: 0, limit: 10 })).total).toBe(0);
  });
});
