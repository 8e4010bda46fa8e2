// Deliveries handed to the dispatcher as the classify stage stores them: sent without a claim, up to the room it gave, the rest claimed; each sent and recorded once, even with a second process claiming beside it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../adapters/webhook-sender/http-sender.js';
import { createWorkspace, newDataset } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import { classificationJobs } from '../datasets/classification-jobs.js';
import { leaseForHandoff } from '../datasets/delivery-lease.js';
import type { Repositories } from '../ports/repositories.js';
import { DEFAULT_DISPATCHER_OPTIONS } from './dispatcher-options.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

/** A receiver that answers 200 and keeps each request's webhook-id, in arrival order. */
async function receiver(): Promise<{ url: string; server: Server; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, received };
}

const until = async (done: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

describe.each(testTargets())('dispatcher adopting leased deliveries on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  const servers: Server[] = [];

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(async () => {
    for (const s of servers) s.close();
    await database.dispose();
  });

  it('sends what fits its room without a tick, leaves the rest to claims, and records every attempt once', async () => {
    const hook = await receiver();
    servers.push(hook.server);
    const workspace = await createWorkspace(repos);
    const endpoint = await repos.webhooks.create({
      workspaceId: workspace.id,
      url: hook.url,
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_dGVzdA==',
    });
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds: [1] }));
    const rows = Array.from({ length: 10 }, (_, i) => ({ values: { text: `row ${i}`, stars: null }, metadata: {} }));
    const records = await repos.records.insertMany(dataset.id, rows, classificationJobs);
    const options = { ...DEFAULT_DISPATCHER_OPTIONS, batch: 6, perEndpoint: 2, claimGapMs: 0 };
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), options);
    // Another process on the same database, claiming while the first sends what it adopted.
    const other = new WebhookDispatcher(repos.webhooks, createHttpSender(true), options);
    expect(dispatcher.room()).toEqual({ max: 6, ms: options.timeoutMs * 3 });

    const lease = leaseForHandoff(dispatcher, [endpoint]);
    await repos.pipeline.saveResults(
      workspace.id,
      records.map((record) => ({
        recordId: record.id,
        classifications: { '1': { label: 'x', confidence: 0.9 } },
        needsReview: [],
        skippedModels: {},
        failedModels: {},
        event: { type: 'classification.completed', body: `{"row_id":"${record.id}"}`, endpointIds: [endpoint.id] },
      })),
      undefined,
      [],
      lease,
    );
    // Six adopted and sent with no tick (two at a time: the endpoint's window); the dispatcher is full.
    expect(dispatcher.holding(endpoint.id)).toBe(6);
    expect(dispatcher.room().max).toBe(0);
    await until(() => hook.received.length >= 6);
    expect(hook.received).toHaveLength(6);
    // The other process claims only the four stored without a lease.
    await other.tick();
    await until(() => hook.received.length >= 10);
    await Promise.all([dispatcher.drain(), other.drain()]);
    await dispatcher.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(hook.received).toHaveLength(10);
    expect(new Set(hook.received).size).toBe(10);

    const deliveries = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 20 });
    expect(deliveries.total).toBe(10);
    for (const delivery of deliveries.items) {
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]?.statusCode).toBe(200);
    }
    expect(dispatcher.room().max).toBe(6);
  });
});
