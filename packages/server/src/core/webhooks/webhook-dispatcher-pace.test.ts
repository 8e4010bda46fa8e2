// Rows that trickle into the outbox are claimed several at a time (the claim gap), each delivered once and soon, over real storage and HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../adapters/webhook-sender/http-sender.js';
import { createWorkspace } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import type { Repositories } from '../ports/repositories.js';
import type { WebhookRepository } from '../ports/pipeline.js';
import { PollLoop } from '../shared/poll-loop.js';
import { DEFAULT_DISPATCHER_OPTIONS } from './dispatcher-options.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

describe.each(testTargets())('webhook claim gap on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('claims rows written one at a time every 10 ms in a few claims, each delivered once within the gap', async () => {
    const arrived = new Map<string, number>();
    let requests = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests += 1;
        arrived.set(String(req.headers['webhook-id']), performance.now());
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const workspace = await createWorkspace(repos);
    const endpoint = await repos.webhooks.create({
      workspaceId: workspace.id,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      events: ['x'],
      enabled: true,
      secret: 'whsec_dGVzdA==',
    });
    // The claims the dispatcher makes that take something, counted on the way to storage.
    let claims = 0;
    const webhooks: WebhookRepository = {
      ...repos.webhooks,
      async claimForSending(...args) {
        const due = await repos.webhooks.claimForSending(...args);
        if (due.length > 0) claims += 1;
        return due;
      },
    };
    const gapMs = 150;
    const dispatcher = new WebhookDispatcher(webhooks, createHttpSender(true), {
      ...DEFAULT_DISPATCHER_OPTIONS,
      claimGapMs: gapMs,
    });
    // Wired as the server wires it: each write and each settled send wakes the loop.
    const loop = new PollLoop(() => dispatcher.tick(), { minDelayMs: 5, maxDelayMs: 50, onError: () => undefined });
    dispatcher.onSettled = () => loop.wake();
    loop.start();
    const written = new Map<string, number>();
    const rows = 60;
    const started = performance.now();
    let elapsed: number;
    try {
      for (let i = 0; i < rows; i += 1) {
        const messageId = `trickle_${endpoint.id}_${i}`;
        await database.db
          .insertInto('webhook_deliveries')
          .values({ endpoint_id: endpoint.id, event: 'x', message_id: messageId, body: '{}' })
          .execute();
        written.set(messageId, performance.now());
        loop.wake();
        await new Promise((r) => setTimeout(r, 10));
      }
      while (arrived.size < rows) await new Promise((r) => setTimeout(r, 10));
      elapsed = performance.now() - started;
    } finally {
      await loop.stop();
      await dispatcher.drain();
      server.close();
    }
    // 60 rows over ≥ 600 ms: one claim per write (as many as 60) without the gap; one per gap with it.
    expect(claims).toBeLessThanOrEqual(Math.ceil(elapsed / gapMs) + 2);
    expect(claims).toBeLessThan(rows / 4);
    expect(requests).toBe(rows);
    for (const [messageId, at] of written) expect(arrived.get(messageId)! - at).toBeLessThan(gapMs + 500);
    const { items } = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: rows + 1 });
    expect(items.map((d) => [d.status, d.attempts.length])).toEqual(Array(rows).fill(['succeeded', 1]));
  });
});
