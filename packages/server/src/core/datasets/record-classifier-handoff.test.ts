// The classify stage hands the deliveries a batch stores to this process's dispatcher: as many as it has room for, leased by the INSERT, with their endpoints; none when it has no room.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatedEncoder } from '../../adapters/inference/testing/gated-encoder.js';
import { createWorkspace, newDataset, newModel } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import { ModelRunners } from '../classification/model-runners.js';
import { TextClassifier } from '../classification/classify-texts.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { DeliveryHandoff, WebhookDelivery, WebhookEndpoint } from '../ports/pipeline.js';
import type { Repositories } from '../ports/repositories.js';
import { QuotaService } from '../tenancy/quota.js';
import { classificationJobs } from './classification-jobs.js';
import { RecordClassifier } from './record-classifier.js';

describe.each(testTargets())('record classifier handing deliveries over on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let texts: TextClassifier;
  const encoder = new GatedEncoder('healthy');
  encoder.open = true;
  const provider: EncoderProvider = { defaultId: 'healthy', get: () => encoder, ready: () => true };

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    texts = new TextClassifier(repos.models, provider, new ModelRunners(provider), new QuotaService(repos.usage), {
      detect: () => 'en',
    });
  });

  afterAll(() => database.dispose());

  /** A workspace whose dataset's model classifies `n` stored rows, an endpoint subscribed, and a classifier handing over. */
  async function setUp(n: number, room: number) {
    const workspace = await createWorkspace(repos);
    const model = await repos.models.create(newModel(workspace.id, 'topic', { config: { encoder: 'healthy' } }));
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds: [model.id] }));
    const endpoint = await repos.webhooks.create({
      workspaceId: workspace.id,
      url: 'https://example.com/hooks',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_test',
    });
    const rows = Array.from({ length: n }, (_, i) => ({ values: { text: `ticket ${i}`, stars: null }, metadata: {} }));
    await repos.records.insertMany(dataset.id, rows, classificationJobs);
    const adopted: Array<{ list: Array<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>; leasedAt: number }> =
      [];
    const handoff: DeliveryHandoff = {
      room: () => ({ max: room, ms: 60_000 }),
      adopt: (list, leasedAt) => adopted.push({ list: [...list], leasedAt }),
    };
    const records = new RecordClassifier({
      jobs: repos.jobs,
      pipeline: repos.pipeline,
      datasets: repos.datasets,
      webhooks: repos.webhooks,
      classifier: texts,
      handoff,
    });
    return { endpoint, records, adopted };
  }

  it('hands over as many deliveries as the dispatcher has room for, with their endpoint; a claim takes the rest', async () => {
    const before = Date.now();
    const { endpoint, records, adopted } = await setUp(5, 3);
    expect(await records.tick()).toBe(1);
    expect(adopted).toHaveLength(1);
    const [{ list, leasedAt }] = adopted as [(typeof adopted)[number]];
    expect(list).toHaveLength(3);
    expect(list.every((item) => item.endpoint.id === endpoint.id && item.endpoint.url === endpoint.url)).toBe(true);
    expect(leasedAt).toBeGreaterThanOrEqual(before);
    const bodies = list.map(({ delivery }) => JSON.parse(delivery.body) as { classifications: object });
    expect(bodies.every((body) => Object.keys(body.classifications).length === 1)).toBe(true);
    const others = (await database.db.selectFrom('webhook_endpoints').select('id').execute())
      .map((e) => e.id)
      .filter((id) => id !== endpoint.id);
    const claimed = await repos.webhooks.claimForSending(100, 100, 60_000, others);
    expect(claimed).toHaveLength(2);
    const ids = new Set([...list, ...claimed].map(({ delivery }) => delivery.id));
    expect(ids.size).toBe(5);
  });

  it('hands nothing over when the dispatcher has no room: every delivery waits for a claim', async () => {
    const { endpoint, records, adopted } = await setUp(4, 0);
    expect(await records.tick()).toBe(1);
    expect(adopted).toEqual([]);
    const page = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 10 });
    expect(page.total).toBe(4);
  });
});
