// Deliveries leased as they are stored: the INSERT leases the first ones and hands them over once committed; claims skip them, the rest are claimed as ever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { WebhookDelivery } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

describe.each(testTargets())('outbox lease on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  /** What a claim takes of the endpoint's deliveries (tests share the database: other endpoints' rows are left alone). */
  async function claimedFor(endpointId: number) {
    const others = (await database.db.selectFrom('webhook_endpoints').select('id').execute())
      .map((e) => e.id)
      .filter((id) => id !== endpointId);
    return repos.webhooks.claimForSending(100, 100, 60_000, others);
  }

  /** A workspace with `rows` stored records, an enabled endpoint and a disabled one. */
  async function setUp(rows: number) {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds: [1] }));
    const values = Array.from({ length: rows }, (_, i) => ({
      values: { text: `row ${i}`, stars: null },
      metadata: {},
    }));
    const records = await repos.records.insertMany(dataset.id, values, classificationJobs);
    const endpoint = (enabled: boolean) =>
      repos.webhooks.create({
        workspaceId: workspace.id,
        url: `https://example.com/${enabled ? 'on' : 'off'}`,
        events: ['classification.completed'],
        enabled,
        secret: 'whsec_x',
      });
    const off = await endpoint(false);
    const on = await endpoint(true);
    const results = (endpointIds: number[]) =>
      records.map((record, i) => ({
        recordId: record.id,
        classifications: { '1': { label: 'x', confidence: 0.9 } },
        needsReview: [],
        skippedModels: {},
        failedModels: {},
        traceContext: i === 0 ? '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' : undefined,
        event: { type: 'classification.completed', body: `{"row_id":"${record.id}"}`, endpointIds },
      }));
    return { workspace, on, off, records, results };
  }

  it('leases the first deliveries stored, hands them over with their rows, and a claim takes only the others', async () => {
    const { workspace, on, off, records, results } = await setUp(5);
    const adopted: WebhookDelivery[][] = [];
    // The disabled endpoint's rows come first in each record's list and are not stored: they take no lease.
    const written = await repos.pipeline.saveResults(workspace.id, results([off.id, on.id]), undefined, [], {
      max: 6,
      ms: 60_000,
      adopt: (deliveries) => adopted.push(deliveries),
    });
    expect(written).toHaveLength(5);
    expect(adopted).toHaveLength(1);
    const leased = adopted[0]!;
    expect(leased.map((d) => d.body)).toEqual(records.slice(0, 3).map((r) => `{"row_id":"${r.id}"}`));
    expect(leased.every((d) => d.endpointId === on.id && d.status === 'pending' && d.retries === 0)).toBe(true);
    expect(leased[0]!.traceContext).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(leased[1]!.traceContext).toBeUndefined();
    const stored = await repos.webhooks.listDeliveries(on.id, { offset: 0, limit: 10 });
    for (const delivery of leased) {
      const row = stored.items.find((d) => d.id === delivery.id)!;
      expect({ ...delivery, attempts: [] }).toEqual({ ...row, attempts: [] });
    }
    const claimed = await claimedFor(on.id);
    expect(claimed.map(({ delivery }) => delivery.body).sort()).toEqual(
      records
        .slice(3)
        .map((r) => `{"row_id":"${r.id}"}`)
        .sort(),
    );
  });

  it('leases nothing and hands nothing over for max 0, and a lease ends like a claim', async () => {
    const { workspace, on, results } = await setUp(2);
    const adopted: WebhookDelivery[][] = [];
    await repos.pipeline.saveResults(workspace.id, results([on.id]), undefined, [], {
      max: 0,
      ms: 60_000,
      adopt: (deliveries) => adopted.push(deliveries),
    });
    expect(adopted).toEqual([]);
    expect(await claimedFor(on.id)).toHaveLength(2);
    const next = await setUp(2);
    await repos.pipeline.saveResults(next.workspace.id, next.results([next.on.id]), undefined, [], {
      max: 10,
      ms: 1,
      adopt: (deliveries) => adopted.push(deliveries),
    });
    expect(adopted[0]).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const claimed = await claimedFor(next.on.id);
    expect(claimed.map(({ delivery }) => delivery.id).sort()).toEqual(adopted[0]!.map((d) => d.id).sort());
  });
});
