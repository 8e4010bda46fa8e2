// A classification batch reads its records through the primary key, never the whole dataset, even when the statistics predate the dataset's rows (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { unclassifiedStatement } from './pipeline.js';

/** A plan node of EXPLAIN (FORMAT JSON), with the fields this test reads. */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
const rows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ values: { text: `${tag} row ${i}`, stars: i }, metadata: { k: tag } }));

describe.each(testTargets())('unclassified records of a batch on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });
  afterAll(() => database.dispose());

  it('reads the batch through the primary key, not every record of a dataset younger than the statistics', async () => {
    const ws = await createWorkspace(repos);
    const older = await repos.datasets.create(newDataset(ws.id, 'older'));
    await repos.records.insertMany(older.id, rows(200, 'older'), () => []);
    await sql`analyze records`.execute(database.db);
    // A fresh upload: 3,000 records the statistics know nothing of.
    const fresh = await repos.datasets.create(newDataset(ws.id, 'fresh'));
    const stored = await repos.records.insertMany(fresh.id, rows(3_000, 'fresh'), () => []);
    const batch = stored.slice(1_500, 1_510).map((r) => r.id);

    const { rows: explained } = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`
      explain (analyze, format json) ${unclassifiedStatement(batch)}`.execute(database.db);
    const scans = nodes(explained[0]!['QUERY PLAN'][0]!.Plan).filter((n) => n['Relation Name'] === 'records');
    const read = scans.reduce(
      (sum, n) => sum + ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1),
      0,
    );
    // 10 records (the old read took the dataset's index and filtered all 3,000 by id).
    expect(read).toBeLessThanOrEqual(20);

    const read10 = await repos.pipeline.unclassified(fresh.id, batch);
    expect(read10.map((r) => r.id)).toEqual(batch);
    expect(read10[0]).toEqual({
      id: batch[0],
      datasetId: fresh.id,
      values: { text: 'fresh row 1500', stars: 1500 },
      metadata: { k: 'fresh' },
    });
    // Another dataset's ids are not this dataset's records.
    expect(await repos.pipeline.unclassified(older.id, batch)).toEqual([]);
  });
});
