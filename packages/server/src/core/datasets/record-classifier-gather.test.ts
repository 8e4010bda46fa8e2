// The record classifier on a real database while rows trickle in: writes made while a batch is classified are claimed together once it ends (bounded by gatherMs), each row classified and delivered once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatedEncoder } from '../../adapters/inference/testing/gated-encoder.js';
import { createWorkspace, newDataset, newModel } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import { ModelRunners } from '../classification/model-runners.js';
import { TextClassifier } from '../classification/classify-texts.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { Repositories } from '../ports/repositories.js';
import type { Dataset, Workspace } from '../shared/types.js';
import { QuotaService } from '../tenancy/quota.js';
import { classificationJobs } from './classification-jobs.js';
import { DEFAULT_CLASSIFIER_OPTIONS, RecordClassifier } from './record-classifier.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testTargets())('record classifier gathering trickling rows on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let workspace: Workspace;
  let encoder: GatedEncoder;
  let dataset: Dataset;
  let endpointId: number;
  let texts: TextClassifier;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    workspace = await createWorkspace(repos);
    const provider: EncoderProvider = { defaultId: 'gated', get: () => encoder, ready: () => true };
    texts = new TextClassifier(repos.models, provider, new ModelRunners(provider), new QuotaService(repos.usage), {
      detect: () => 'en',
    });
    const model = await repos.models.create(newModel(workspace.id, 'topic', { config: { encoder: 'gated' } }));
    // The labels' vectors made once, here: the encoder's calls in the tests are the batches' alone.
    encoder = new GatedEncoder('gated');
    encoder.open = true;
    await texts.classify({
      workspaceId: workspace.id,
      texts: ['warm up'],
      models: [{ modelId: model.id }],
      unusableModels: 'refuse',
    });
    dataset = await repos.datasets.create(newDataset(workspace.id, 'trickle', { modelIds: [model.id] }));
    endpointId = (
      await repos.webhooks.create({
        workspaceId: workspace.id,
        url: 'https://example.com/hooks',
        events: ['classification.completed'],
        enabled: true,
        secret: 'whsec_test',
      })
    ).id;
  });

  afterAll(() => database.dispose());

  beforeEach(async () => {
    encoder = new GatedEncoder('gated');
    await database.db.deleteFrom('jobs').execute();
  });

  const classifier = (gatherMs: number) =>
    new RecordClassifier(
      {
        jobs: repos.jobs,
        pipeline: repos.pipeline,
        datasets: repos.datasets,
        webhooks: repos.webhooks,
        classifier: texts,
      },
      { ...DEFAULT_CLASSIFIER_OPTIONS, gatherMs },
    );

  /** One item call: `count` rows stored in one write (one job). */
  let written = 0;
  const write = (count: number) =>
    repos.records.insertMany(
      dataset.id,
      Array.from({ length: count }, () => ({ values: { text: `ticket ${written++}`, stars: null }, metadata: {} })),
      classificationJobs,
    );

  /** Ticks until the queue is empty; then every row written is classified and delivered exactly once. */
  async function drainAndCheck(records: RecordClassifier): Promise<void> {
    while ((await records.tick()) > 0);
    expect(await repos.jobs.countPending()).toBe(0);
    const rows = (await repos.records.list(dataset.id, { offset: 0, limit: 1000 })).items;
    expect(rows).toHaveLength(written);
    expect(rows.every((r) => r.classifications !== null)).toBe(true);
    const events = (await repos.webhooks.listDeliveries(endpointId, { offset: 0, limit: 1000 })).items.map(
      (d) => (JSON.parse(d.body) as { row_id: string }).row_id,
    );
    expect(events.sort()).toEqual(rows.map((r) => r.id).sort());
  }

  it('claims the rows written while a batch is classified together once it ends, not a write at a time', async () => {
    const records = classifier(10_000);
    await write(8);
    const first = records.tick();
    await encoder.waitForCalls(1);
    // A write while the encoder is busy: the second loop wakes for it but waits for the first batch.
    await write(8);
    const second = records.tick();
    await Promise.race([encoder.waitForCalls(2), sleep(300)]);
    await write(8);
    await write(8);
    encoder.releaseAll();
    expect(await first).toBe(1);
    expect(await second).toBe(3);
    // Without gathering: [8, 8, 16] (the second loop took the one write there was; the next tick the other two).
    expect(encoder.calls.map((c) => c.length)).toEqual([8, 24]);
    await drainAndCheck(records);
  });

  it('waits no longer than gatherMs', async () => {
    const records = classifier(50);
    await write(8);
    const first = records.tick();
    await encoder.waitForCalls(1);
    await write(8);
    const started = performance.now();
    const second = records.tick();
    await encoder.waitForCalls(2);
    // The first batch is still held: the second claimed at its deadline.
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    encoder.releaseAll();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(encoder.calls.map((c) => c.length)).toEqual([8, 8]);
    await drainAndCheck(records);
  });

  it('does not wait once a claim took a whole encoder batch (a backlog, not a trickle)', async () => {
    const records = classifier(10_000);
    await write(DEFAULT_CLASSIFIER_OPTIONS.gatherRows);
    const first = records.tick();
    await encoder.waitForCalls(1);
    await write(8);
    const second = records.tick();
    await Promise.race([encoder.waitForCalls(2), sleep(2_000)]);
    // Both batches are in the encoder at once, the first still held.
    expect(encoder.calls.map((c) => c.length)).toEqual([DEFAULT_CLASSIFIER_OPTIONS.gatherRows, 8]);
    encoder.releaseAll();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    await drainAndCheck(records);
  });
});
