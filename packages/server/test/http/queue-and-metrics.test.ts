// Over HTTP: a full batching queue answers 503 + Retry-After, cache hits skip the queue, /metrics reports by route template.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/transport/http/pipeline/express-app.js';
import { TextClassifier } from '../../src/core/classification/classify-texts.js';
import { ModelRunners } from '../../src/core/classification/model-runners.js';
import { QuotaService } from '../../src/core/tenancy/quota.js';
import { SimilarityService } from '../../src/core/classification/similarity.js';
import { DEFAULT_ENCODER_ID } from '../../src/adapters/inference/registry/encoder-registry.js';
import { ServingEncoders } from '../../src/adapters/inference/serving/encoder-provider.js';
import { GatedEncoder } from '../../src/adapters/inference/testing/gated-encoder.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { Metrics } from '../../src/adapters/observability/prometheus-metrics.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
let listener: Server;
let url: string;
let modelId: number;
const gated = new GatedEncoder(DEFAULT_ENCODER_ID);
const metrics = new Metrics({ processMetrics: false });
let serving: ServingEncoders;

beforeAll(async () => {
  server = await startTestServer();
  const services = server.running.runtime.services;
  serving = new ServingEncoders(
    {
      defaultId: DEFAULT_ENCODER_ID,
      ids: () => [DEFAULT_ENCODER_ID],
      get: () => gated,
      ready: () => true,
      need: () => undefined,
      isNeeded: () => true,
      partsOf: () => [],
    },
    // One batch at a time: the second request waits in the queue (not at the model) while the first runs.
    {
      cacheBytes: 1 << 20,
      batching: { maxWaitMs: 0, maxQueueTexts: 2, retryAfterSeconds: 3, maxBatchesInFlight: 1 },
      observer: metrics,
    },
  );
  const app = createApp(
    {
      ...services,
      encoders: serving,
      classifier: new TextClassifier(
        server.running.runtime.repos.models,
        serving,
        new ModelRunners(serving),
        new QuotaService(server.running.runtime.repos.usage),
        server.running.runtime.languages,
      ),
      similarity: new SimilarityService(serving),
      metrics,
    },
    { logger: createLogger('silent'), bodyLimitBytes: 1024 * 1024, validateResponses: true },
  );
  listener = app.listen(0, '127.0.0.1');
  await new Promise((r) => listener.once('listening', r));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const models = await server.running.runtime.repos.models.list(
    server.workspace.id,
    { offset: 0, limit: 100 },
    { status: 'deployed' },
  );
  modelId = models.items.find((m) => m.type === 'zero-shot')!.id;
}, 120_000);

afterAll(async () => {
  gated.releaseAll();
  await new Promise((r) => listener?.close(r));
  await server?.close();
});

const infer = (texts: string[]) =>
  fetch(`${url}/v2/models/${modelId}/inference`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ texts }),
  });

describe('batching queue and metrics over HTTP', () => {
  it('answers 503 UNAVAILABLE with Retry-After while the queue is full, then serves the waiting requests', async () => {
    const first = infer(['the first request runs']);
    await gated.waitForCalls(1);
    const second = infer(['waits in', 'the queue']);
    const queue = () => serving.queue(DEFAULT_ENCODER_ID)?.queueDepth;
    await vi.waitFor(() => expect(queue()).toBe(2), { timeout: 10_000, interval: 5 });
    const refused = await infer(['no room for this one']);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(await refused.json()).toMatchObject({ status: 503, error_code: 'UNAVAILABLE' });
    gated.releaseAll();
    expect((await first).status).toBe(200);
    const ok = await second;
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { predictions: unknown[] }).predictions).toHaveLength(2);
  });

  it('serves repeated texts from the cache without calling the encoder', async () => {
    const calls = gated.calls.length;
    const res = await infer(['waits in', 'the first request runs']);
    expect(res.status).toBe(200);
    expect(gated.calls.length).toBe(calls);
  });

  it('GET /metrics: Prometheus text, unauthenticated, route templates only', async () => {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(
      'textclass_http_requests_total{method="POST",route="/v2/models/{model_id}/inference",status="503"} 1',
    );
    expect(text).toMatch(
      /textclass_http_requests_total\{method="POST",route="\/v2\/models\/\{model_id\}\/inference",status="200"\} [3-9]/,
    );
    expect(text).toMatch(
      /textclass_http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/v2\/models\/\{model_id\}\/inference",status="200"\}/,
    );
    expect(text).toContain(`textclass_inference_queue_depth{encoder="${DEFAULT_ENCODER_ID}"} 0`);
    expect(text).toContain('textclass_refusals_total{reason="unavailable"} 1');
    expect(text).toMatch(
      new RegExp(`textclass_inference_batch_texts_count\\{encoder="${DEFAULT_ENCODER_ID}"\\} [1-9]`),
    );
    expect(text).toMatch(
      new RegExp(`textclass_encoder_duration_seconds_count\\{encoder="${DEFAULT_ENCODER_ID}"\\} [1-9]`),
    );
    expect(text).toMatch(new RegExp(`textclass_embedding_cache_hits_total\\{encoder="${DEFAULT_ENCODER_ID}"\\} [1-9]`));
    expect(text).toMatch(
      new RegExp(`textclass_embedding_cache_misses_total\\{encoder="${DEFAULT_ENCODER_ID}"\\} [1-9]`),
    );
    expect(text).not.toMatch(/route="\/v2\/models\/\d+/);
  });

  it('labels unknown paths as unmatched, not by their raw path', async () => {
    await fetch(`${url}/v2/no/such/path/12345`, { headers: { Authorization: `Bearer ${ADMIN_KEY}` } });
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('12345');
  });
});

describe('the real server', () => {
  it('serves /metrics with process metrics, and none when TEXTCLASS_METRICS=false', async () => {
    const res = await server.call('GET', '/metrics', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toContain('textclass_embedding_cache_bytes');
    const off = await startTestServer({ metrics: false, seedDemo: false });
    try {
      expect((await off.call('GET', '/metrics', { key: null })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
