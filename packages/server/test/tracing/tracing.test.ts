// Tracing against a local OTLP/HTTP receiver: a real server's spans for a request (traceparent honoured), its queries, encoder batch and head, a webhook send that propagates traceparent; off by default with no OpenTelemetry SDK loaded.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const PROBE = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), '../support/module-probe.mjs'));
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
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE.href}`.trim(),
      TEXTCLASS_MODULE_LOG: log,
      ...env,
    },
  });
  return {
    server,
    /** Stops the server and returns what it loaded. */
    async stopAndListModules(): Promise<string[]> {
      expect(await server.stop()).toBe(0);
      const modules = readFileSync(log, 'utf8').split('\n');
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

  it('classifies a dataset row in a span of its own and sends it to a webhook in a client span whose traceparent the receiver gets', async () => {
    const endpoint = await call(server, 'POST', '/v2/webhooks', {
      url: hooks.url,
      events: ['classification.completed'],
    });
    expect(endpoint.status).toBe(201);
    const dataset = await call(server, 'POST', '/v2/datasets', {
      name: `traced-${hex(3)}`,
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [1],
    });
    expect(dataset.status).toBe(201);
    const { key } = (await dataset.json()) as { key: string };
    expect(
      (await call(server, 'POST', `/v2/datasets/${key}/records`, { text: `refund ${hex(4)} please` })).status,
    ).toBe(201);

    const [hook] = await hooks.waitFor(1);
    const traceparent = String(hook!.headers.traceparent);
    const [, traceId, parentId, flags] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent) ?? [];
    expect(flags).toBe('01');
    const send = await otlp.waitFor((spans) => spans.find((s) => s.spanId === parentId), 'the webhook send span');
    expect(send).toMatchObject({
      name: 'webhook send',
      kind: CLIENT,
      traceId,
      attributes: expect.objectContaining({
        'http.request.method': 'POST',
        'http.response.status_code': 200,
        'url.full': hooks.url,
        'textclass.webhook.message_id': hook!.headers['webhook-id'],
      }),
    });
    expect(send.statusCode).not.toBe(ERROR);
    // The worker's classification of the row is one trace of its own: its head and encoder batch under it.
    const job = otlp.spans.find(
      (s) => s.name === 'classify records' && s.attributes['textclass.classify.texts'] === 1,
    )!;
    expect(job).toBeDefined();
    const children = otlp.spans.filter((s) => s.parentSpanId === job.spanId).map((s) => s.name);
    expect(children).toEqual(expect.arrayContaining(['classification head', 'encoder batch']));
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
