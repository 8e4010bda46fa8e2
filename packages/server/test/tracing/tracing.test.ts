// Tracing against a local OTLP/HTTP receiver: a real server's spans for a request (traceparent honoured), its queries, encoder batch and head; a stored row's classification and webhook sends in the storing request's trace; off by default with no OpenTelemetry SDK loaded.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../testing/otlp-receiver.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { moduleProbeEnv, probedModules } from '../testing/module-probe-env.js';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** No OpenTelemetry variable from the test's own environment leaks into a server. */
const NO_OTEL = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith('OTEL_'))
    .map((name) => [name, '']),
);

/** A server whose module list is written at exit, so a test can see what it loaded. */
async function startProbedServer(env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(path.join(tmpdir(), 'textclass-modules-'));
  const log = path.join(dir, 'modules.txt');
  const server = await startServerProcess({
    env: {
      ...NO_OTEL,
      ...moduleProbeEnv(log),
      ...env,
    },
  });
  return {
    server,
    /** Stops the server and returns what it loaded. */
    async stopAndListModules(): Promise<string[]> {
      expect(await server.stop()).toBe(0);
      const modules = probedModules(log);
      rmSync(dir, { recursive: true, force: true });
      return modules;
    },
  };
}

const otelModules = (modules: string[]) => modules.filter((m) => m.includes('@opentelemetry'));
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function call(
  server: ServerProcess,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The trace's spans once its server span and the named spans have all arrived. */
function traceWith(traceId: string, names: RegExp[]) {
  return (spans: ReceivedSpan[]) => {
    const trace = spans.filter((s) => s.traceId === traceId);
    return names.every((name) => trace.some((s) => name.test(s.name))) ? trace : undefined;
  };
}

describe('tracing on (OTLP/HTTP JSON, embedded PGlite)', () => {
  let otlp: OtlpReceiver;
  let hooks: WebhookReceiver;
  let probed: Awaited<ReturnType<typeof startProbedServer>>;
  let server: ServerProcess;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    hooks = await startWebhookReceiver();
    probed = await startProbedServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-token=t0k3n',
      OTEL_SERVICE_NAME: 'textclass-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
      TEXTCLASS_PIPELINE_POLL_MS: '50',
      TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS: '200',
    });
    server = probed.server;
  });

  afterAll(async () => {
    await hooks?.close();
    await otlp?.close();
  });

  it('makes the request span a child of the caller, with the request id, and its queries, encoder batch and head spans in the same trace', async () => {
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const requestId = `trace-test-${hex(4)}`;
    const response = await call(
      server,
      'POST',
      '/v2/models/1/inference',
      { texts: [`my parcel ${hex(4)} never arrived`] },
      { traceparent: `00-${traceId}-${callerSpanId}-01`, 'x-request-id': requestId },
    );
    expect(response.status).toBe(200);

    const trace = await otlp.waitFor(
      traceWith(traceId, [
        /^POST \/v2\/models\/\{model_id\}\/inference$/,
        /^SELECT /,
        /^encoder batch$/,
        /^classification head$/,
      ]),
      'request trace',
    );
    const root = trace.find((s) => s.kind === SERVER)!;
    expect(root).toMatchObject({
      name: 'POST /v2/models/{model_id}/inference',
      parentSpanId: callerSpanId,
      attributes: expect.objectContaining({
        'http.request.method': 'POST',
        'http.route': '/v2/models/{model_id}/inference',
        'url.path': '/v2/models/1/inference',
        'http.response.status_code': 200,
        'textclass.request_id': requestId,
      }),
      resource: expect.objectContaining({ 'service.name': 'textclass-under-test' }),
    });
    const query = trace.find((s) => s.name === 'SELECT models')!;
    expect(query).toMatchObject({
      kind: CLIENT,
      parentSpanId: root.spanId,
      attributes: expect.objectContaining({ 'db.system.name': 'postgresql', 'textclass.db.engine': 'pglite' }),
    });
    expect(String(query.attributes['db.query.text'])).toMatch(/^select .* from "models"/);
    const batch = trace.find((s) => s.name === 'encoder batch')!;
    expect(batch.parentSpanId).toBe(root.spanId);
    expect(batch.attributes).toMatchObject({ 'textclass.batch.texts': 1, 'textclass.encoder.id': expect.any(String) });
    const head = trace.find((s) => s.name === 'classification head')!;
    expect(head.parentSpanId).toBe(root.spanId);
    expect(head.attributes).toMatchObject({ 'textclass.model.id': 1, 'textclass.model.type': 'zero-shot' });
    // The exporter sends the configured headers, as JSON.
    expect(otlp.contentTypes[0]).toMatch(/^application\/json/);
    expect(otlp.requests[0]?.headers['x-collector-token']).toBe('t0k3n');
  });

  it('starts a new trace for a request without traceparent; a 404 is a finished span with its status, not a failure', async () => {
    const response = await call(server, 'GET', '/v2/models/999999');
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id');
    const span = await otlp.waitFor(
      (spans) => spans.find((s) => s.attributes['textclass.request_id'] === requestId),
      'the 404 request span',
    );
    expect(span).toMatchObject({
      name: 'GET /v2/models/{model_id}',
      parentSpanId: '',
      statusCode: 0,
      attributes: expect.objectContaining({ 'http.response.status_code': 404 }),
    });
  });

  it('leaves health probes out unless the caller traces them', async () => {
    const traceId = hex(16);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(
      (await fetch(`${server.url}/health`, { headers: { traceparent: `00-${traceId}-${hex(8)}-01` } })).status,
    ).toBe(200);
    const traced = await otlp.waitFor((spans) => spans.find((s) => s.traceId === traceId), 'the traced probe');
    expect(traced.name).toBe('GET /health');
    // Spans are exported in batches; by now the batch holding the traced probe is in, so is any untraced one.
    expect(otlp.spans.filter((s) => s.name === 'GET /health' && s.traceId !== traceId)).toEqual([]);
  });

  /** A dataset with model 1 (the webhook endpoint is the suite's); returns its key. */
  async function tracedDataset(): Promise<string> {
    const dataset = await call(server, 'POST', '/v2/datasets', {
      name: `traced-${hex(3)}`,
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [1],
    });
    expect(dataset.status).toBe(201);
    return ((await dataset.json()) as { key: string }).key;
  }

  const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

  it('continues the trace of the request that stored a dataset row: the worker classifies it and every webhook attempt sends it in that trace', async () => {
    const endpoint = await call(server, 'POST', '/v2/webhooks', {
      url: hooks.url,
      events: ['classification.completed'],
    });
    expect(endpoint.status).toBe(201);
    const key = await tracedDataset();
    // The first attempt fails, so the delivery is retried (TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS) and sent again.
    hooks.answer(500);
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const stored = await call(
      server,
      'POST',
      `/v2/datasets/${key}/records`,
      { text: `refund ${hex(4)} please` },
      { traceparent: `00-${traceId}-${callerSpanId}-01` },
    );
    expect(stored.status).toBe(201);

    const attempts = await hooks.waitFor(2);
    expect(attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(attempts[1]!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    const sendIds = attempts.map((attempt) => {
      const [, receivedTraceId, parentId] = TRACEPARENT.exec(String(attempt.headers.traceparent)) ?? [];
      // The receiver's traceparent carries the trace of the request that stored the row, on every attempt.
      expect(receivedTraceId).toBe(traceId);
      return parentId;
    });
    const trace = await otlp.waitFor(
      (spans) =>
        sendIds.every((id) => spans.some((s) => s.spanId === id))
          ? traceWith(traceId, [/^POST \/v2\/datasets\//, /^classify records$/])(spans)
          : undefined,
      "the stored row's trace",
    );
    const root = trace.find((s) => s.kind === SERVER)!;
    expect(root.parentSpanId).toBe(callerSpanId);
    // The worker's classification is a child of the request span, with its head and encoder batch under it.
    const job = trace.find((s) => s.name === 'classify records')!;
    expect(job).toMatchObject({
      parentSpanId: root.spanId,
      attributes: expect.objectContaining({ 'textclass.classify.texts': 1 }),
    });
    const children = trace.filter((s) => s.parentSpanId === job.spanId).map((s) => s.name);
    expect(children).toEqual(expect.arrayContaining(['classification head', 'encoder batch']));
    // Each attempt is a client span of that trace, a child of the request span, the one whose id the receiver got.
    const sends = sendIds.map((id) => trace.find((s) => s.spanId === id)!);
    for (const send of sends)
      expect(send).toMatchObject({
        name: 'webhook send',
        kind: CLIENT,
        traceId,
        parentSpanId: root.spanId,
        attributes: expect.objectContaining({
          'http.request.method': 'POST',
          'url.full': hooks.url,
          'textclass.webhook.message_id': attempts[0]!.headers['webhook-id'],
        }),
      });
    expect(sends.map((s) => [s.attributes['http.response.status_code'], s.statusCode === ERROR])).toEqual([
      [500, true],
      [200, false],
    ]);
  });

  it('classifies and sends a row in a new trace when the request that stored it was not sampled', async () => {
    const key = await tracedDataset();
    const before = hooks.received.length;
    const traceId = hex(16);
    const stored = await call(
      server,
      'POST',
      `/v2/datasets/${key}/records`,
      { text: `late parcel ${hex(4)}` },
      { traceparent: `00-${traceId}-${hex(8)}-00` },
    );
    expect(stored.status).toBe(201);
    const hook = (await hooks.waitFor(before + 1))[before]!;
    const [, receivedTraceId, parentId] = TRACEPARENT.exec(String(hook.headers.traceparent)) ?? [];
    expect(receivedTraceId).toBeDefined();
    expect(receivedTraceId).not.toBe(traceId);
    const send = await otlp.waitFor((spans) => spans.find((s) => s.spanId === parentId), 'the webhook send span');
    expect(send).toMatchObject({ name: 'webhook send', parentSpanId: '' });
    expect(otlp.spans.filter((s) => s.traceId === traceId)).toEqual([]);
  });

  it('loaded OpenTelemetry (the probe sees it when tracing is on)', async () => {
    const modules = await probed.stopAndListModules();
    expect(otelModules(modules)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('@opentelemetry/sdk-trace-node'),
        expect.stringContaining('@opentelemetry/exporter-trace-otlp-http'),
      ]),
    );
  });
});

describe('tracing on (OTLP/HTTP protobuf by default, PostgreSQL)', () => {
  let otlp: OtlpReceiver;
  let db: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  const skip = !process.env.TEST_DATABASE_URL && !process.env.CI;

  beforeAll(async () => {
    if (skip) return;
    if (!process.env.TEST_DATABASE_URL) throw new Error('the PostgreSQL tracing test needs TEST_DATABASE_URL in CI');
    otlp = await startOtlpReceiver();
    db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'tracing');
    server = await startServerProcess({
      env: {
        ...NO_OTEL,
        DATABASE_URL: db.url,
        TEXTCLASS_SEED_DEMO: 'false',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${otlp.url}/v1/traces`,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await otlp?.close();
  });

  it.skipIf(skip)('exports protobuf spans with pg query spans under the request span', async () => {
    const traceId = hex(16);
    const response = await call(
      server!,
      'POST',
      '/v2/similarity',
      { base_texts: { a: `first ${hex(4)}` }, compare_to_texts: { b: `second ${hex(4)}` } },
      { traceparent: `00-${traceId}-${hex(8)}-01` },
    );
    expect(response.status).toBe(200);
    const trace = await otlp.waitFor(
      traceWith(traceId, [/^POST \/v2\/similarity$/, /^SELECT api_keys$/, /^encoder batch$/]),
      'similarity trace',
    );
    const root = trace.find((s) => s.kind === SERVER)!;
    const query = trace.find((s) => s.name === 'SELECT api_keys')!;
    expect(query).toMatchObject({
      parentSpanId: root.spanId,
      attributes: expect.objectContaining({
        'textclass.db.engine': 'postgres',
        'db.namespace': new URL(db!.url).pathname.slice(1),
      }),
    });
    expect(trace.find((s) => s.name === 'encoder batch')?.attributes['textclass.batch.texts']).toBe(2);
    expect(otlp.contentTypes[0]).toBe('application/x-protobuf');
  });
});

describe('tracing off (no OTLP endpoint)', () => {
  let otlp: OtlpReceiver;
  let probed: Awaited<ReturnType<typeof startProbedServer>>;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    // Other OpenTelemetry variables alone do not turn tracing on.
    probed = await startProbedServer({ OTEL_SERVICE_NAME: 'textclass-off', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
  });

  afterAll(async () => {
    await otlp?.close();
  });

  it('sends nothing and loads no OpenTelemetry SDK module', async () => {
    const response = await call(
      probed.server,
      'POST',
      '/v2/models/1/inference',
      { texts: ['where is my order'] },
      { traceparent: `00-${hex(16)}-${hex(8)}-01` },
    );
    expect(response.status).toBe(200);
    const modules = await probed.stopAndListModules();
    expect(modules.some((m) => m.endsWith('/packages/server/dist/main.js'))).toBe(true);
    // prom-client's default process metrics load the OpenTelemetry API facade (for exemplars) with or without tracing;
    // nothing else: no SDK, context manager, resource detection or exporter.
    expect(otelModules(modules).filter((m) => !m.includes('/node_modules/@opentelemetry/api/'))).toEqual([]);
    expect(otlp.requests).toEqual([]);
  });
});
