// The trace context a dataset row's request leaves in PostgreSQL: its webhook outbox rows carry the caller's trace with tracing on, and null with tracing off.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { startOtlpReceiver, type OtlpReceiver } from '../testing/otlp-receiver.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';

const skip = !process.env.TEST_DATABASE_URL && !process.env.CI;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** No OpenTelemetry variable from the test's own environment leaks into a server. */
const NO_OTEL = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith('OTEL_'))
    .map((name) => [name, '']),
);

function call(server: ServerProcess, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Stores one dataset row with `traceparent` on a fresh endpoint and dataset; returns the trace context of its outbox row. */
async function storeRowAndReadOutbox(
  server: ServerProcess,
  db: ScratchDatabase,
  hooks: WebhookReceiver,
  traceparent: string,
): Promise<{ traceContext: string | null; received: string | undefined }> {
  const endpoint = await call(server, '/v2/webhooks', { url: hooks.url, events: ['classification.completed'] });
  expect(endpoint.status).toBe(201);
  const { id } = (await endpoint.json()) as { id: number };
  const dataset = await call(server, '/v2/datasets', {
    name: `trace-context-${hex(3)}`,
    columns: [{ name: 'text', type: 'text' }],
    text_column: 'text',
    model_ids: [1],
  });
  expect(dataset.status).toBe(201);
  const { key } = (await dataset.json()) as { key: string };
  expect(
    (await call(server, `/v2/datasets/${key}/records`, { text: `refund ${hex(4)}` }, { traceparent })).status,
  ).toBe(201);
  const [hook] = await hooks.waitFor(1);
  const { rows } = await db.pool.query<{ trace_context: string | null }>(
    'select trace_context from webhook_deliveries where endpoint_id = $1',
    [id],
  );
  expect(rows).toHaveLength(1);
  const received = hook!.headers.traceparent;
  return { traceContext: rows[0]!.trace_context, received: typeof received === 'string' ? received : undefined };
}

describe.each([
  { tracing: 'on', traced: true },
  { tracing: 'off', traced: false },
])('the outbox row of a traced request with tracing $tracing (PostgreSQL)', ({ traced }) => {
  let db: ScratchDatabase | undefined;
  let otlp: OtlpReceiver | undefined;
  let hooks: WebhookReceiver | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (skip) return;
    if (!process.env.TEST_DATABASE_URL)
      throw new Error('the PostgreSQL trace context test needs TEST_DATABASE_URL in CI');
    db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'tracectx');
    hooks = await startWebhookReceiver();
    otlp = traced ? await startOtlpReceiver() : undefined;
    server = await startServerProcess({
      env: {
        ...NO_OTEL,
        DATABASE_URL: db.url,
        TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
        TEXTCLASS_PIPELINE_POLL_MS: '50',
        ...(otlp ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '100' } : {}),
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await hooks?.close();
    await otlp?.close();
  });

  it.skipIf(skip)(
    traced ? 'carries the caller’s trace to the receiver' : 'stays null and sends no traceparent',
    async () => {
      const traceId = hex(16);
      const { traceContext, received } = await storeRowAndReadOutbox(
        server!,
        db!,
        hooks!,
        `00-${traceId}-${hex(8)}-01`,
      );
      if (traced) {
        // The outbox row holds the storing request's span (a child of the caller's), and the send continues it.
        expect(traceContext).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
        expect(received).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      } else {
        expect(traceContext).toBeNull();
        expect(received).toBeUndefined();
      }
    },
  );
});
