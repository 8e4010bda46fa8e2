// The pipeline on /metrics and in the log, on the real server: a receiver on 127.0.0.1 that fails then succeeds, a 410, backlog read from the database, refusals, uploads, trainings.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from './captured-log.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';
import { scrape, type Scrape } from '../testing/prometheus-text.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';

const EVENTS = ['classification.completed'];
const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const DEPLOY_FILES = ['prometheus/alerts.yml', 'prometheus/alerts.test.yml', 'grafana/textclass-dashboard.json'];

describe('pipeline metrics and logs', () => {
  let server: TestServer;
  const receivers: WebhookReceiver[] = [];
  const captured = captureLog();
  const logLines = captured.lines;

  beforeAll(async () => {
    server = await startTestServer(
      { webhookAllowPrivate: true, webhookRetryScheduleMs: [30, 30, 30], pipelinePollMs: 50 },
      { logger: captured.logger },
    );
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await server?.close();
  });

  /** A receiver, an endpoint for it and a dataset the demo model classifies; `done` removes the endpoint. */
  async function pipeline() {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const endpoint = await server.call('POST', '/v2/webhooks', { body: { url: receiver.url, events: EVENTS } });
    expect(endpoint.status).toBe(201);
    const dataset = await server.call('POST', '/v2/datasets', {
      body: { name: 'metrics', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [1] },
    });
    expect(dataset.status).toBe(201);
    const push = async (text: string) =>
      expect((await server.call('POST', `/v2/datasets/${dataset.body.key}/records`, { body: { text } })).status).toBe(
        201,
      );
    const done = async () => expect((await server.call('DELETE', `/v2/webhooks/${endpoint.body.id}`)).status).toBe(204);
    return { receiver, endpoint: endpoint.body, dataset: dataset.body, push, done };
  }

  /** Scrapes until `ready` holds for the scrape (the workers run in the background). */
  const scrapeUntil = (ready: (s: Scrape) => boolean, what: string) =>
    eventually(async () => {
      const s = await scrape(server.url);
      return ready(s) ? s : undefined;
    }, what);

  it('counts a failed then successful delivery, its lag and the classification job, and logs the failure at warn', async () => {
    const before = await scrape(server.url);
    const { receiver, endpoint, push, done } = await pipeline();
    receiver.answer(500);
    await push('I was charged twice for my subscription');
    expect((await receiver.waitFor(2)).map((h) => h.status)).toEqual([500, 200]);
    const after = await scrapeUntil(
      (s) =>
        s.value('textclass_webhook_deliveries_total', { outcome: 'succeeded' }) >
          before.value('textclass_webhook_deliveries_total', { outcome: 'succeeded' }) &&
        // The pending count is reused for 20 times what it took, so a scrape right after may show the last one.
        s.value('textclass_webhook_backlog') === 0,
      'the successful delivery to be counted and the backlog read empty',
    );
    const delta = (name: string, labels?: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta('textclass_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
    expect(delta('textclass_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
    expect(delta('textclass_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
    expect(delta('textclass_webhook_delivery_lag_seconds_count')).toBe(1);
    expect(delta('textclass_webhook_delivery_lag_seconds_sum')).toBeGreaterThan(0);
    expect(delta('textclass_jobs_processed_total', { kind: 'classification', outcome: 'succeeded' })).toBe(1);
    expect(after.value('textclass_webhook_backlog')).toBe(0);
    expect(after.value('textclass_jobs_pending', { kind: 'classification' })).toBe(0);
    expect(after.text).not.toMatch(/workspace/);

    const warned = logLines.find((l) => l.msg === 'webhook delivery failed; it will be retried');
    expect(warned).toMatchObject({
      level: 40,
      endpointId: endpoint.id,
      status: 500,
      error: 'answered 500',
      attempt: 1,
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await done();
  });

  it('counts a 410 as a failed delivery and a disabled endpoint, and logs both at warn', async () => {
    const before = await scrape(server.url);
    const { receiver, endpoint, push, done } = await pipeline();
    receiver.answer(410);
    await push('Please cancel my account');
    await receiver.waitFor(1);
    const failed = { outcome: 'failed' };
    const after = await scrapeUntil(
      (s) =>
        s.value('textclass_webhook_endpoints_disabled_total') >
          before.value('textclass_webhook_endpoints_disabled_total') &&
        s.value('textclass_webhook_deliveries_total', failed) >
          before.value('textclass_webhook_deliveries_total', failed),
      'the disabled endpoint and the failed delivery to be counted',
    );
    expect(
      after.value('textclass_webhook_deliveries_total', { outcome: 'failed' }) -
        before.value('textclass_webhook_deliveries_total', { outcome: 'failed' }),
    ).toBe(1);
    expect(
      after.value('textclass_webhook_endpoints_disabled_total') -
        before.value('textclass_webhook_endpoints_disabled_total'),
    ).toBe(1);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'webhook endpoint disabled', endpointId: endpoint.id }),
    );
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'webhook delivery failed; no more retries',
        endpointId: endpoint.id,
        status: 410,
        nextAttemptAt: null,
      }),
    );
    await done();
  });

  it('reads the backlog gauges from the database, whichever process wrote the rows', async () => {
    const { db } = server.running.runtime.database;
    const { endpoint, done } = await pipeline();
    // Rows as another server process would leave them: a training job not due for an hour, created two minutes
    // ago, and a delivery waiting for its retry.
    await sql`insert into jobs (kind, payload, run_after, created_at)
      values ('train_model', '{}'::jsonb, now() + interval '1 hour', now() - interval '120 seconds')`.execute(db);
    await sql`insert into webhook_deliveries (endpoint_id, event, message_id, body, next_attempt_at)
      values (${endpoint.id}, 'classification.completed', 'msg_metrics_test', '{}', now() + interval '1 hour')`.execute(
      db,
    );
    const during = await scrapeUntil((s) => s.value('textclass_webhook_backlog') === 1, 'the delivery to be counted');
    expect(during.value('textclass_jobs_pending', { kind: 'training' })).toBe(1);
    expect(during.value('textclass_jobs_oldest_age_seconds', { kind: 'training' })).toBeGreaterThanOrEqual(120);
    expect(during.value('textclass_webhook_backlog')).toBe(1);
    expect(during.has('textclass_jobs_pending', { kind: 'upload' })).toBe(true);
    await sql`delete from jobs where kind = 'train_model' and payload = '{}'::jsonb`.execute(db);
    await sql`delete from webhook_deliveries where message_id = 'msg_metrics_test'`.execute(db);
    // The jobs are read at every scrape; the pending deliveries once the last count's reuse has run out.
    const fresh = await scrape(server.url);
    expect(fresh.value('textclass_jobs_pending', { kind: 'training' })).toBe(0);
    const after = await scrapeUntil((s) => s.value('textclass_webhook_backlog') === 0, 'the delivery to be gone');
    expect(after.value('textclass_jobs_oldest_age_seconds', { kind: 'training' })).toBe(0);
    expect(after.value('textclass_webhook_backlog')).toBe(0);
    await done();
  });

  it('counts refusals by reason: forbidden, rate_limited, quota_exceeded', async () => {
    const before = await scrape(server.url);
    const reader = await server.createKey(server.workspace, 'reader');
    expect(
      (
        await server.call('POST', '/v2/webhooks', {
          key: reader,
          body: { url: 'http://127.0.0.1:9/x', events: EVENTS },
        })
      ).status,
    ).toBe(403);

    const limited = await server.createWorkspace({ name: 'metrics-limited', rateLimitPerMinute: 1 });
    const limitedKey = await server.createKey(limited, 'reader');
    const statuses: number[] = [];
    while (!statuses.includes(429) && statuses.length < 10)
      statuses.push((await server.call('GET', '/v2/models', { key: limitedKey })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);

    const { repos } = server.running.runtime;
    const quota = await server.createWorkspace({ name: 'metrics-quota', plan: 'enterprise', monthlyQuota: 1 });
    const model = await repos.models.create({
      ...(await repos.models.get(server.workspace.id, 1))!,
      workspaceId: quota.id,
    });
    const quotaKey = await server.createKey(quota, 'member');
    const refused = await server.call('POST', `/v2/models/${model.id}/inference`, {
      key: quotaKey,
      body: { texts: ['one', 'two'] },
    });
    expect(refused.body.error_code).toBe('QUOTA_EXCEEDED');

    const after = await scrape(server.url);
    const delta = (reason: string) =>
      after.value('textclass_refusals_total', { reason }) - before.value('textclass_refusals_total', { reason });
    expect(delta('forbidden')).toBe(1);
    expect(delta('rate_limited')).toBe(1);
    expect(delta('quota_exceeded')).toBe(1);
    expect(delta('unavailable')).toBe(0);
  });

  it('counts an upload (bytes, rows, the finished job) and a training (job and duration)', async () => {
    const before = await scrape(server.url);
    const { dataset } = await pipeline();
    const csv = 'text\nWhere is my parcel?\nMy invoice is wrong\nThe app crashes\n';
    const res = await fetch(`${server.url}/v2/datasets/${dataset.key}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(202);
    const created = await server.call('POST', '/v2/models', {
      body: {
        name: 'metrics few-shot',
        type: 'few-shot',
        labels: [{ name: 'billing' }, { name: 'shipping' }],
        examples: [
          { text: 'I was charged twice', label: 'billing' },
          { text: 'My parcel never arrived', label: 'shipping' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const after = await scrapeUntil(
      (s) =>
        s.value('textclass_jobs_processed_total', { kind: 'upload', outcome: 'succeeded' }) >
          before.value('textclass_jobs_processed_total', { kind: 'upload', outcome: 'succeeded' }) &&
        s.value('textclass_jobs_processed_total', { kind: 'training', outcome: 'succeeded' }) >
          before.value('textclass_jobs_processed_total', { kind: 'training', outcome: 'succeeded' }),
      'the upload and the training to be counted',
    );
    const delta = (name: string, labels?: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta('textclass_upload_bytes_total')).toBe(Buffer.byteLength(csv));
    expect(delta('textclass_upload_rows_total')).toBe(3);
    expect(delta('textclass_jobs_processed_total', { kind: 'upload', outcome: 'succeeded' })).toBe(1);
    expect(delta('textclass_jobs_processed_total', { kind: 'training', outcome: 'succeeded' })).toBe(1);
    expect(delta('textclass_training_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
  });

  it('serves every metric that the alert rules and the dashboard in deploy/ name', async () => {
    const served = (await scrape(server.url)).names;
    for (const file of DEPLOY_FILES) {
      const text = readFileSync(path.join(DEPLOY_DIR, file), 'utf8');
      const named = new Set(text.match(/\b(?:textclass|process|nodejs)_[a-z0-9_]+/g) ?? []);
      expect(named.size, file).toBeGreaterThan(2);
      expect(
        [...named].filter((name) => !served.has(name)),
        file,
      ).toEqual([]);
    }
  });
});
