// The outbox rows of one results batch: a distinct Standard Webhooks message id each, from one draw of random bytes.
import type * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { newMessageIds } from './pipeline.js';

const draws = vi.hoisted(() => ({ count: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return {
    ...actual,
    randomBytes: (size: number) => {
      draws.count++;
      return actual.randomBytes(size);
    },
  };
});

const MESSAGE_ID = /^msg_[A-Za-z0-9_-]{22}$/;

describe('newMessageIds', () => {
  it('gives count distinct 16-byte ids from one draw', () => {
    draws.count = 0;
    const ids = newMessageIds(500);
    expect(draws.count).toBe(1);
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) expect(id).toMatch(MESSAGE_ID);
    expect(newMessageIds(0)).toEqual([]);
  });
});

describe.each(testTargets())('outbox message ids on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  it('writes one delivery per record and endpoint, each with its own id, drawing random bytes once per batch', async () => {
    const workspace = await createWorkspace(repos);
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds: [1] }));
    const rows = Array.from({ length: 40 }, (_, i) => ({ values: { text: `row ${i}`, stars: null }, metadata: {} }));
    const records = await repos.records.insertMany(dataset.id, rows, classificationJobs);
    const endpoints = await Promise.all(
      ['a', 'b'].map((name) =>
        repos.webhooks.create({
          workspaceId: workspace.id,
          url: `https://example.com/${name}`,
          events: ['classification.completed'],
          enabled: true,
          secret: 'whsec_x',
        }),
      ),
    );
    const endpointIds = endpoints.map((e) => e.id);
    draws.count = 0;
    const written = await repos.pipeline.saveResults(
      workspace.id,
      records.map((record) => ({
        recordId: record.id,
        classifications: { '1': { label: 'x', confidence: 0.9 } },
        needsReview: [],
        skippedModels: {},
        failedModels: {},
        event: { type: 'classification.completed', body: `{"row_id":"${record.id}"}`, endpointIds },
      })),
    );
    expect(written).toHaveLength(40);
    expect(draws.count).toBe(1);
    const ids: string[] = [];
    for (const id of endpointIds) {
      const page = await repos.webhooks.listDeliveries(id, { offset: 0, limit: 100 });
      expect(page.total).toBe(40);
      ids.push(...page.items.map((d) => d.messageId));
    }
    for (const id of ids) expect(id).toMatch(MESSAGE_ID);
    expect(new Set(ids).size).toBe(80);
  });
});
