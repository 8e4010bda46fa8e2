// Records: all-or-none batch inserts that bump the dataset's row count, and paginated listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset, NewRecord } from '../../../core/shared/types.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const row = (text: string, stars: number | null = null, metadata: Record<string, string> = {}): NewRecord => ({
  values: { text, stars },
  metadata,
});

describe.each(testTargets())('records on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  async function freshDataset(): Promise<Dataset> {
    const workspace = await createWorkspace(repos);
    return repos.datasets.create(newDataset(workspace.id, 'rows'));
  }

  const rowCount = async (dataset: Dataset): Promise<number | undefined> =>
    (await repos.datasets.get(dataset.workspaceId, dataset.id))?.rowCount;

  it('inserts a batch in order, returns string ids and bumps the row count', async () => {
    const dataset = await freshDataset();
    const inserted = await repos.records.insertMany(
      dataset.id,
      [row('great product', 5, { source: 'web' }), row('meh', null), row('ünïcødé ✓ 日本語', 3)],
      classificationJobs,
    );
    expect(inserted.map((r) => r.values.text)).toEqual(['great product', 'meh', 'ünïcødé ✓ 日本語']);
    expect(inserted[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      datasetId: dataset.id,
      values: { text: 'great product', stars: 5 },
      metadata: { source: 'web' },
      classifications: null,
      needsReview: [],
      skippedModels: {},
      failedModels: {},
      createdAt: expect.any(Date),
    });
    const ids = inserted.map((r) => BigInt(r.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    expect(await rowCount(dataset)).toBe(3);

    await repos.records.insertMany(dataset.id, [row('more')], classificationJobs);
    expect(await rowCount(dataset)).toBe(4);
  });

  it('writes nothing when the database rejects a row late in a large batch', async () => {
    const dataset = await freshDataset();
    await repos.records.insertMany(dataset.id, [row('kept')], classificationJobs);
    // Row 1,500 comes after the count was bumped and 1,499 rows were written; `values` must be a JSON object (a check
    // constraint), so the database refuses it.
    const batch = Array.from({ length: 1600 }, (_, index) => row(`text ${index}`));
    batch[1499] = { values: null as unknown as NewRecord['values'], metadata: {} };
    await expect(repos.records.insertMany(dataset.id, batch, classificationJobs)).rejects.toMatchObject({
      code: '23514',
    });
    expect(await rowCount(dataset)).toBe(1);
    const listed = await repos.records.list(dataset.id, { offset: 0, limit: 100 });
    expect(listed.total).toBe(1);
    expect(listed.items.map((r) => r.values.text)).toEqual(['kept']);
  });

  it('refuses text the database cannot store as INVALID_PARAMETER naming the field, writing nothing', async () => {
    const dataset = await freshDataset();
    const withNul = [row('fine'), row('fine too'), { values: { text: 'bad \u0000 byte', stars: 1 }, metadata: {} }];
    await expect(repos.records.insertMany(dataset.id, withNul, classificationJobs)).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      message: expect.stringMatching(/^text: .*row 3 of 3/),
    });
    const loneSurrogate = [{ values: { text: 'ok', stars: null }, metadata: { channel: '\ud800' } }];
    await expect(repos.records.insertMany(dataset.id, loneSurrogate, classificationJobs)).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      message: expect.stringMatching(/^channel: /),
    });
    const paired = await repos.records.insertMany(dataset.id, [row('emoji \ud83d\ude00 ok')], classificationJobs);
    expect(paired[0]?.values.text).toBe('emoji \u{1F600} ok');
    expect(await rowCount(dataset)).toBe(1);
  });

  it('refuses rows for a dataset that does not exist and writes none', async () => {
    const before = await database.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(repos.records.insertMany(2_000_000, [row('orphan')], classificationJobs)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const after = await database.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('returns an empty list for an empty batch', async () => {
    const dataset = await freshDataset();
    expect(await repos.records.insertMany(dataset.id, [], classificationJobs)).toEqual([]);
    expect(await rowCount(dataset)).toBe(0);
  });

  it('inserts batches larger than one statement in one transaction', async () => {
    const dataset = await freshDataset();
    const batch = Array.from({ length: 2500 }, (_, index) => row(`text ${index}`, index));
    const inserted = await repos.records.insertMany(dataset.id, batch, classificationJobs);
    expect(inserted).toHaveLength(2500);
    expect(inserted[2499]?.values).toEqual({ text: 'text 2499', stars: 2499 });
    expect(await rowCount(dataset)).toBe(2500);
  });

  it('keeps the row count exact under concurrent batches and reads', async () => {
    const dataset = await freshDataset();
    const batches = Array.from({ length: 8 }, (_, batch) =>
      repos.records.insertMany(
        dataset.id,
        Array.from({ length: 25 }, (_, index) => row(`b${batch}-${index}`)),
        classificationJobs,
      ),
    );
    const reads = Array.from({ length: 4 }, () => repos.records.list(dataset.id, { offset: 0, limit: 10 }));
    await Promise.all([...batches, ...reads]);
    expect(await rowCount(dataset)).toBe(200);
    expect((await repos.records.list(dataset.id, { offset: 0, limit: 1 })).total).toBe(200);
  });

  it('lists one dataset by id with offset, limit and totals', async () => {
    const dataset = await freshDataset();
    const other = await freshDataset();
    await repos.records.insertMany(other.id, [row('elsewhere')], classificationJobs);
    const inserted = await repos.records.insertMany(
      dataset.id,
      ['a', 'b', 'c', 'd', 'e'].map((text) => row(text)),
      classificationJobs,
    );

    const page = await repos.records.list(dataset.id, { offset: 1, limit: 3 });
    expect(page.total).toBe(5);
    expect(page.items).toEqual(inserted.slice(1, 4));
    expect(await repos.records.list(dataset.id, { offset: 5, limit: 3 })).toEqual({ items: [], total: 5 });
  });
});
