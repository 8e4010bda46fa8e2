// Sends handed ahead of the window: a receiver's deliveries wait in the sender's lane, as many windows as it answers within slowMs / 2 (never more than the window open at the receiver); a slower one's go one window at a time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../adapters/webhook-sender/http-sender.js';
import { createBackloggedEndpoint } from '../../adapters/storage/testing/webhook-backlog.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import type { WebhookSender } from '../ports/pipeline.js';
import type { Repositories } from '../ports/repositories.js';
import { DEFAULT_DISPATCHER_OPTIONS } from './dispatcher-options.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

describe.each(testTargets())('webhook sends handed ahead on $label', (target) => {
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

  /** A receiver answering after `delayMs`, noting the most requests it had open at once and what it received. */
  async function receiver(delayMs: number) {
    const state = { open: 0, mostOpen: 0, received: [] as string[] };
    const server = createServer((req, res) => {
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          state.open -= 1;
          state.received.push(String(req.headers['webhook-id']));
          res.end('ok');
        }, delayMs),
      );
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, state };
  }

  /** The HTTP sender, noting the most sends it held at once (in flight and waiting in their lane). */
  function countingSender() {
    const inner = createHttpSender(true);
    const held = { now: 0, most: 0 };
    const sender: WebhookSender = {
      async send(...args) {
        held.now += 1;
        held.most = Math.max(held.most, held.now);
        try {
          return await inner.send(...args);
        } finally {
          held.now -= 1;
        }
      },
    };
    return { sender, held };
  }

  const endpointWithBacklog = (url: string, n: number) => createBackloggedEndpoint(database, repos, url, n);

  const options = {
    ...DEFAULT_DISPATCHER_OPTIONS,
    perEndpoint: 4,
    windowCeiling: 4,
    sendAhead: 4,
    claimPerEndpoint: 200,
  };

  it("hands a quick receiver's sends sendAhead (4) windows ahead, with never more than its window open at the receiver", async () => {
    const fast = await receiver(20);
    const endpoint = await endpointWithBacklog(fast.url, 200);
    const { sender, held } = countingSender();
    const dispatcher = new WebhookDispatcher(repos.webhooks, sender, options);
    expect(await dispatcher.tick()).toBe(200);
    await dispatcher.drain();
    expect(new Set(fast.state.received).size).toBe(200);
    expect(fast.state.mostOpen).toBe(4);
    expect(held.most).toBe(16);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 200 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(200).fill(['succeeded', 1]));
    // Time spent waiting in the lane (three windows of 20 ms answers, in the steady state) is not the receiver's latency.
    const latencies = items.map((d) => d.attempts[0]!.latencyMs).sort((a, b) => a - b);
    expect(latencies[100]).toBeLessThan(50);
  });

  it('hands a receiver answering in 200 ms two windows ahead, and one slower than slowMs / 2 one window at a time', async () => {
    const steady = await receiver(200);
    const slower = await receiver(options.slowMs / 2 + 100);
    await endpointWithBacklog(steady.url, 24);
    const { sender, held } = countingSender();
    const dispatcher = new WebhookDispatcher(repos.webhooks, sender, options);
    await dispatcher.tick();
    await dispatcher.drain();
    expect(new Set(steady.state.received).size).toBe(24);
    expect(steady.state.mostOpen).toBe(4);
    expect(held.most).toBe(8);
    await endpointWithBacklog(slower.url, 8);
    const second = countingSender();
    const another = new WebhookDispatcher(repos.webhooks, second.sender, options);
    await another.tick();
    await another.drain();
    expect(new Set(slower.state.received).size).toBe(8);
    expect(second.held.most).toBe(4);
  });
});
