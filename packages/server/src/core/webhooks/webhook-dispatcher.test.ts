// The batched dispatcher over real storage and real HTTP: a slow receiver holds only its own slots, every attempt is written once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../adapters/webhook-sender/http-sender.js';
import { createWorkspace } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import type { Repositories } from '../ports/repositories.js';
import { DEFAULT_DISPATCHER_OPTIONS, WebhookDispatcher } from './webhook-dispatcher.js';

async function receiver(delayMs: number): Promise<{ url: string; server: Server; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        received.push(String(req.headers['webhook-id']));
        res.end('ok');
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, received };
}

describe.each(testTargets())('batched webhook dispatcher on $kind', (target) => {
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

  it('delivers to a fast receiver while a slow one holds its slots, and records each attempt once', async () => {
    const slow = await receiver(1_500);
    const fast = await receiver(0);
    servers.push(slow.server, fast.server);
    const workspace = await createWorkspace(repos);
    const endpoint = (url: string) =>
      repos.webhooks.create({ workspaceId: workspace.id, url, events: ['x'], enabled: true, secret: 'whsec_dGVzdA==' });
    const [slowEndpoint, fastEndpoint] = [await endpoint(slow.url), await endpoint(fast.url)];
    const outbox = (endpointId: number, n: number) =>
      database.db
        .insertInto('webhook_deliveries')
        .values(
          Array.from({ length: n }, (_, i) => ({
            endpoint_id: endpointId,
            event: 'x',
            message_id: `msg_${endpointId}_${i}`,
            body: '{}',
          })),
        )
        .execute();
    // The slow endpoint's deliveries come first in the outbox.
    await outbox(slowEndpoint.id, 6);
    await outbox(fastEndpoint.id, 6);
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), {
      ...DEFAULT_DISPATCHER_OPTIONS,
      batch: 8,
      perEndpoint: 2,
    });
    const started = performance.now();
    while (fast.received.length < 6) {
      await dispatcher.tick();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(performance.now() - started).toBeLessThan(1_400);
    expect(slow.received).toHaveLength(0);
    while (slow.received.length < 6) {
      await dispatcher.tick();
      await new Promise((r) => setTimeout(r, 20));
    }
    await dispatcher.drain();
    for (const e of [slowEndpoint, fastEndpoint]) {
      const { items } = await repos.webhooks.listDeliveries(e.id, { offset: 0, limit: 10 });
      expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(6).fill(['succeeded', 1]));
    }
    expect(new Set([...slow.received, ...fast.received]).size).toBe(12);
  });

  it("refills a fast endpoint's freed slots from one claim, never more than perEndpoint in flight", async () => {
    let open = 0;
    let mostOpen = 0;
    const received: string[] = [];
    const server = createServer((req, res) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          open -= 1;
          received.push(String(req.headers['webhook-id']));
          res.end('ok');
        }, 5),
      );
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const workspace = await createWorkspace(repos);
    const endpoint = await repos.webhooks.create({
      workspaceId: workspace.id,
      url,
      events: ['x'],
      enabled: true,
      secret: 'whsec_dGVzdA==',
    });
    await database.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          endpoint_id: endpoint.id,
          event: 'x',
          message_id: `fast_${i}`,
          body: '{}',
        })),
      )
      .execute();
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), {
      ...DEFAULT_DISPATCHER_OPTIONS,
      perEndpoint: 2,
    });
    // One tick claims the whole backlog; the sends after the first two start as slots free, with no further tick.
    expect(await dispatcher.tick()).toBe(24);
    await dispatcher.drain();
    expect(received).toHaveLength(24);
    expect(mostOpen).toBe(2);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 30 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(24).fill(['succeeded', 1]));
  });
});
