// Records to webhooks over HTTP: classification by each deployed model, signed delivery to a local receiver, retries, 410, redelivery, URL checks.
import { verifyWebhook } from '@textclass/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model } from '../../src/core/shared/types.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';

const EVENTS = ['classification.completed'];

describe('webhooks over HTTP', () => {
  let server: TestServer;
  let strict: Model;
  let lenient: Model;
  let parked: Model;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      webhookAllowPrivate: true,
      webhookRetryScheduleMs: [30, 30, 30],
      pipelinePollMs: 50,
    });
    const { repos } = server.running.runtime;
    const base = (await repos.models.get(server.workspace.id, 1))!;
    const copy = (name: string, confidenceThreshold: number, status: Model['status'] = 'deployed') =>
      repos.models.create({
        workspaceId: base.workspaceId,
        name,
        type: base.type,
        status,
        labels: base.labels,
        config: base.config,
        metrics: base.metrics,
        trainingExamples: base.trainingExamples,
        lastTrained: base.lastTrained,
        confidenceThreshold,
      });
    strict = await copy('strict', 1);
    lenient = await copy('lenient', 0);
    parked = await copy('parked', 0, 'undeployed');
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await server?.close();
  });

  /** A receiver, an endpoint pointing at it and a dataset classified by the three models; the endpoint is removed by `done`. */
  async function setup() {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const created = await server.call('POST', '/v2/webhooks', { body: { url: receiver.url, events: EVENTS } });
    expect(created.status).toBe(201);
    const dataset = await server.call('POST', '/v2/datasets', {
      body: {
        name: 'hooks',
        columns: [{ name: 'text', type: 'text' }],
        text_column: 'text',
        model_ids: [strict.id, lenient.id, parked.id],
      },
    });
    expect(dataset.status).toBe(201);
    const push = (text: string, extra: Record<string, string> = {}) =>
      server.call('POST', `/v2/datasets/${dataset.body.key}/records`, { body: { text, ...extra } });
    const deliveries = async () => (await server.call('GET', `/v2/webhooks/${created.body.id}/deliveries`)).body;
    const done = async () => expect((await server.call('DELETE', `/v2/webhooks/${created.body.id}`)).status).toBe(204);
    return { receiver, endpoint: created.body, dataset: dataset.body, push, deliveries, done };
  }

  it('classifies a pushed record with each deployed model and delivers it signed; the secret is shown once', async () => {
    const { receiver, endpoint, dataset, push, deliveries, done } = await setup();
    expect(endpoint).toMatchObject({
      url: receiver.url,
      events: EVENTS,
      enabled: true,
      disabled_reason: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    const read = await server.call('GET', `/v2/webhooks/${endpoint.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');

    const pushed = await push('I was charged twice for my subscription', { queue: 'billing' });
    expect(pushed.body).toMatchObject({ classifications: null, needs_review: [], skipped_models: {} });
    const [hook] = await receiver.waitFor(1);
    const event = verifyWebhook(endpoint.secret, hook!.headers as Record<string, string>, hook!.body);
    const record = await eventually(async () => {
      const page = await server.call('GET', `/v2/datasets/${dataset.key}/records`);
      return page.body.data[0].classifications === null ? undefined : page.body.data[0];
    }, 'the record to be classified');
    expect(Object.keys(record.classifications).sort()).toEqual([String(strict.id), String(lenient.id)].sort());
    expect(record.needs_review).toEqual([String(strict.id)]);
    expect(record.skipped_models).toEqual({ [String(parked.id)]: `model ${parked.id} is not deployed` });
    expect(event).toEqual({
      event: 'classification.completed',
      timestamp: expect.any(String),
      dataset_id: dataset.key,
      row_id: pushed.body.id,
      text: 'I was charged twice for my subscription',
      classifications: record.classifications,
      metadata: { queue: 'billing' },
      // The review state: the models that flagged the record, as the record's own needs_review.
      needs_review: [String(strict.id)],
    });
    const log = await eventually(async () => {
      const d = await deliveries();
      return d.data[0]?.status === 'succeeded' ? d : undefined;
    }, 'the delivery to succeed');
    expect(log.data[0]).toMatchObject({
      webhook_id: hook!.headers['webhook-id'],
      event: 'classification.completed',
      next_attempt_at: null,
    });
    expect(log.data[0].attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), error: null },
    ]);
    await done();
  });

  it("carries the record's string columns (agent_id, channel …) and its metadata in the event's metadata", async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const created = await server.call('POST', '/v2/webhooks', { body: { url: receiver.url, events: EVENTS } });
    const dataset = await server.call('POST', '/v2/datasets', {
      body: {
        name: 'tickets with columns',
        columns: [
          { name: 'message', type: 'text' },
          { name: 'agent_id', type: 'text' },
          { name: 'customer_id', type: 'text' },
          { name: 'channel', type: 'text' },
          { name: 'score', type: 'number' },
        ],
        text_column: 'message',
        model_ids: [lenient.id],
      },
    });
    expect(dataset.status).toBe(201);
    const item = await server.call('POST', `/v2/dataset/${dataset.body.id}/item`, {
      body: { rows: [{ message: 'Where is my parcel?', agent_id: 'a-17', channel: 'chat', score: 3 }] },
    });
    expect(item.status).toBe(200);
    const [fromItem] = await receiver.waitFor(1);
    expect(JSON.parse(fromItem!.body).metadata).toEqual({ agent_id: 'a-17', channel: 'chat' });
    const pushed = await server.call('POST', `/v2/datasets/${dataset.body.key}/records`, {
      body: { text: 'My invoice is wrong', agent_id: 'a-9', customer_id: 'c-1', queue: 'billing', product: 'pro' },
    });
    expect(pushed.status).toBe(201);
    const hooks = await receiver.waitFor(2);
    expect(JSON.parse(hooks[1]!.body)).toMatchObject({
      row_id: pushed.body.id,
      text: 'My invoice is wrong',
      metadata: { agent_id: 'a-9', customer_id: 'c-1', queue: 'billing', product: 'pro' },
    });
    expect(Object.keys(JSON.parse(hooks[1]!.body).metadata).sort()).toEqual([
      'agent_id',
      'customer_id',
      'product',
      'queue',
    ]);
    expect((await server.call('DELETE', `/v2/webhooks/${created.body.id}`)).status).toBe(204);
  });

  it('retries a failed delivery with the same webhook-id until the receiver answers 2xx', async () => {
    const { receiver, push, deliveries, done } = await setup();
    receiver.answer(500, 503);
    await push('Where is my parcel?');
    const hooks = await receiver.waitFor(3);
    expect(hooks.map((h) => h.status)).toEqual([500, 503, 200]);
    expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
    const log = await eventually(async () => {
      const d = await deliveries();
      return d.data[0]?.status === 'succeeded' ? d : undefined;
    }, 'the delivery to succeed');
    expect(log.data[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
    await done();
  });

  it('marks a delivery failed after the last retry, and redelivers it on demand with the same webhook-id', async () => {
    const { receiver, endpoint, push, deliveries, done } = await setup();
    receiver.answer(500, 500, 500, 500);
    await push('The app crashes on start');
    const log = await eventually(async () => {
      const d = await deliveries();
      return d.data[0]?.status === 'failed' ? d : undefined;
    }, 'the delivery to fail');
    expect(log.data[0].attempts).toHaveLength(4);
    const again = await server.call('POST', `/v2/webhooks/${endpoint.id}/deliveries/${log.data[0].id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: log.data[0].id, status: 'pending' });
    const hooks = await receiver.waitFor(5);
    expect(hooks[4]!.status).toBe(200);
    expect(hooks[4]!.headers['webhook-id']).toBe(hooks[0]!.headers['webhook-id']);
    expect((await server.call('POST', `/v2/webhooks/${endpoint.id}/deliveries/999999/redeliver`)).status).toBe(404);
    await done();
  });

  it('disables the endpoint when the receiver answers 410, and sends it nothing more', async () => {
    const { receiver, endpoint, dataset, push, deliveries, done } = await setup();
    receiver.answer(410);
    await push('Please cancel my account');
    await receiver.waitFor(1);
    const disabled = await eventually(async () => {
      const e = await server.call('GET', `/v2/webhooks/${endpoint.id}`);
      return e.body.enabled ? undefined : e.body;
    }, 'the endpoint to be disabled');
    expect(disabled.disabled_reason).toMatch(/410/);
    expect((await deliveries()).data[0]).toMatchObject({ status: 'failed', next_attempt_at: null });
    await push('Another one');
    await eventually(async () => {
      const page = await server.call('GET', `/v2/datasets/${dataset.key}/records`);
      return page.body.data.every((r: { classifications: unknown }) => r.classifications !== null) ? true : undefined;
    }, 'both records to be classified');
    expect((await deliveries()).total).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const updated = await server.call('PATCH', `/v2/webhooks/${endpoint.id}`, { body: { enabled: true } });
    expect(updated.body).toMatchObject({ enabled: true, disabled_reason: null });
    await done();
  });

  it('lists, updates and rotates: a rotated secret signs the next delivery', async () => {
    const { receiver, endpoint, push, done } = await setup();
    const listed = await server.call('GET', '/v2/webhooks');
    expect(listed.body.data.map((e: { id: number }) => e.id)).toContain(endpoint.id);
    const rotated = await server.call('POST', `/v2/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await push('Rotate me');
    const [hook] = await receiver.waitFor(1);
    expect(() => verifyWebhook(endpoint.secret, hook!.headers as Record<string, string>, hook!.body)).toThrow(
      /signature/,
    );
    expect(verifyWebhook(rotated.body.secret, hook!.headers as Record<string, string>, hook!.body)).toMatchObject({
      text: 'Rotate me',
    });
    await done();
    expect((await server.call('GET', `/v2/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it('refuses a URL that is not http(s), naming url', async () => {
    const refused = await server.call('POST', '/v2/webhooks', { body: { url: 'ftp://example.com/x', events: EVENTS } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'INVALID_PARAMETER', message: expect.stringMatching(/^url: /) });
  });
});
