// The batched dispatcher over real storage and real HTTP: a slow receiver holds only its own slots, a fast one's claim grows, every attempt is written once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../adapters/webhook-sender/http-sender.js';
import { createWorkspace } from '../../adapters/storage/testing/fixtures.js';
import { createBackloggedEndpoint } from '../../adapters/storage/testing/webhook-backlog.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import type { Repositories } from '../ports/repositories.js';
import { DEFAULT_DISPATCHER_OPTIONS } from './dispatcher-options.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

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

describe.each(testTargets())('batched webhook dispatcher on $label', (target) => {
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

  it("refills a fast endpoint's freed slots from one claim, never more than its window's ceiling in flight", async () => {
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
    const endpoint = await endpointWithBacklog(url, 24);
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), {
      ...DEFAULT_DISPATCHER_OPTIONS,
      perEndpoint: 2,
      windowCeiling: 2,
    });
    // One tick claims the whole backlog; the sends after the first two start as slots free, with no further tick.
    expect(await dispatcher.tick()).toBe(24);
    await dispatcher.drain();
    expect(received).toHaveLength(24);
    expect(mostOpen).toBe(2);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 30 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(24).fill(['succeeded', 1]));
  });

  /**
   * A receiver whose answer (delay, status) can change mid-test; notes what it answered 2xx by webhook-id, the most
   * requests it had open at once and the TCP connections it accepted.
   */
  async function switchable() {
    const received: string[] = [];
    const state = { ms: 0, status: 200, open: 0, mostOpen: 0, connections: 0 };
    const server = createServer((req, res) => {
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          state.open -= 1;
          if (state.status < 300) received.push(String(req.headers['webhook-id']));
          res.writeHead(state.status).end('ok');
        }, state.ms),
      );
    });
    server.on('connection', () => (state.connections += 1));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, delay: state, state };
  }

  const endpointWithBacklog = (url: string, n: number) => createBackloggedEndpoint(database, repos, url, n);

  /** Waits until the dispatcher holds nothing of the endpoint (its sends settled, none waiting). */
  async function settled(dispatcher: WebhookDispatcher, endpointId: number): Promise<void> {
    while (dispatcher.holding(endpointId) > 0) await new Promise((r) => setTimeout(r, 5));
  }

  it('doubles the claim of a receiver that drains each claim before the next tick, up to the ceiling', async () => {
    const fast = await switchable();
    const endpoint = await endpointWithBacklog(fast.url, 150);
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), {
      ...DEFAULT_DISPATCHER_OPTIONS,
      perEndpoint: 2,
      claimPerEndpoint: 8,
      claimCeiling: 32,
    });
    const claims: number[] = [];
    while (fast.received.length < 150) {
      claims.push(await dispatcher.tick());
      await settled(dispatcher, endpoint.id);
    }
    await dispatcher.drain();
    // Each tick records the previous tick's attempts and claims anew: 8, then 8 + 16, 16 + 32, 32 + 32, ...
    expect(claims.slice(0, 4)).toEqual([8, 8 + 16, 16 + 32, 32 + 32]);
    expect(new Set(fast.received).size).toBe(150);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 200 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(150).fill(['succeeded', 1]));
  });

  it('lets a grown endpoint that turns slow hold no more than perEndpoint + claimPerEndpoint', async () => {
    const receiver = await switchable();
    const endpoint = await endpointWithBacklog(receiver.url, 120);
    // The window held at 2 and nothing handed ahead of it: this is the claim's rule (the window's own is the next test's).
    const options = {
      ...DEFAULT_DISPATCHER_OPTIONS,
      timeoutMs: 2_000,
      perEndpoint: 2,
      windowCeiling: 2,
      sendAhead: 1,
      claimPerEndpoint: 4,
    };
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), { ...options, claimCeiling: 32 });
    for (let tick = 0; tick < 4; tick += 1) {
      await dispatcher.tick();
      await settled(dispatcher, endpoint.id);
    }
    // Grown to 32 while fast; now every answer takes longer than slowMs.
    receiver.delay.ms = options.slowMs + 500;
    await dispatcher.tick();
    expect(dispatcher.holding(endpoint.id)).toBeGreaterThan(options.perEndpoint + options.claimPerEndpoint);
    await new Promise((r) => setTimeout(r, options.slowMs + 100));
    // Its sends have been in flight longer than slowMs: what waits beyond the base is let go, and no claim grows it.
    await dispatcher.tick();
    expect(dispatcher.holding(endpoint.id)).toBeLessThanOrEqual(options.perEndpoint + options.claimPerEndpoint);
    await dispatcher.tick();
    expect(dispatcher.holding(endpoint.id)).toBeLessThanOrEqual(options.perEndpoint + options.claimPerEndpoint);
    // Fast again: what was let go (its leases released) is claimed again, and everything arrives once.
    receiver.delay.ms = 0;
    while (receiver.received.length < 120) {
      await dispatcher.tick();
      await new Promise((r) => setTimeout(r, 20));
    }
    await dispatcher.drain();
    expect(new Set(receiver.received).size).toBe(120);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 200 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(120).fill(['succeeded', 1]));
  });

  it('releases the leases of what a slowed endpoint lets go, so another process claims them at once', async () => {
    const receiver = await switchable();
    // 4 + 8 + 16 + 32 while fast, then 32 more: the dispatcher holds the whole backlog, nothing is left unclaimed.
    const endpoint = await endpointWithBacklog(receiver.url, 92);
    // A lease far longer than the test: only a release can make a let-go delivery claimable again in time. Sends
    // handed to the sender cannot be let go, so none are handed ahead of the window here.
    const options = {
      ...DEFAULT_DISPATCHER_OPTIONS,
      timeoutMs: 60_000,
      perEndpoint: 2,
      windowCeiling: 2,
      sendAhead: 1,
      claimPerEndpoint: 4,
      claimCeiling: 32,
    };
    const first = new WebhookDispatcher(repos.webhooks, createHttpSender(true), options);
    for (let tick = 0; tick < 4; tick += 1) {
      await first.tick();
      await settled(first, endpoint.id);
    }
    receiver.delay.ms = options.slowMs + 500;
    await first.tick();
    const held = first.holding(endpoint.id);
    await new Promise((r) => setTimeout(r, options.slowMs + 100));
    await first.tick();
    const letGo = held - first.holding(endpoint.id);
    expect(letGo).toBeGreaterThan(20);
    // Another process's first tick takes exactly what was let go, none of what the first still holds.
    const second = new WebhookDispatcher(repos.webhooks, createHttpSender(true), { ...options, claimPerEndpoint: 64 });
    receiver.delay.ms = 0;
    expect(await second.tick()).toBe(letGo);
    while (receiver.received.length < 92) {
      await Promise.all([first.tick(), second.tick()]);
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all([first.drain(), second.drain()]);
    expect(receiver.received).toHaveLength(92);
    expect(new Set(receiver.received).size).toBe(92);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 200 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(92).fill(['succeeded', 1]));
  });

  it("grows a fast receiver's window past perEndpoint up to windowCeiling over reused connections, and halves it on failures", async () => {
    const receiver = await switchable();
    // Each answer held 20 ms, so sends in flight overlap at the receiver however busy the machine is.
    receiver.state.ms = 20;
    const endpoint = await endpointWithBacklog(receiver.url, 300);
    const options = { ...DEFAULT_DISPATCHER_OPTIONS, perEndpoint: 2, windowCeiling: 6, claimPerEndpoint: 300 };
    const dispatcher = new WebhookDispatcher(repos.webhooks, createHttpSender(true), options);
    await dispatcher.tick();
    await settled(dispatcher, endpoint.id);
    await dispatcher.drain();
    expect(receiver.received).toHaveLength(300);
    // 2 + 3 + 4 + 5 answers grow the window from 2 to 6: more than perEndpoint requests were open at once, never more than 6.
    expect(dispatcher.window(endpoint.id)).toBe(6);
    expect(receiver.state.mostOpen).toBeGreaterThan(2);
    expect(receiver.state.mostOpen).toBeLessThanOrEqual(6);
    // One keep-alive connection per send in flight at most, not one per send.
    expect(receiver.state.connections).toBeLessThanOrEqual(6);
    // Failures (500) halve the window down to 1.
    receiver.state.status = 500;
    const failing = await endpointWithBacklog(receiver.url, 20);
    const second = new WebhookDispatcher(repos.webhooks, createHttpSender(true), { ...options, windowCeiling: 16 });
    await second.tick();
    await settled(second, failing.id);
    await second.drain();
    expect(second.window(failing.id)).toBe(1);
  });
});
