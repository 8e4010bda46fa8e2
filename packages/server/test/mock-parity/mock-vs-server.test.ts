// The same typed-client calls against the mock and the real server give answers of the same shape: a frontend built
// on the mock works on the server (counts per text, cuts, vector sizes, errors and CORS alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextclassClient, type TextclassClient } from '@textclass/client';
import { freePort, startMock, type MockServer } from '@textclass/mock';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

/** Prism starts beside a whole server here, on a shared machine: more than the mock's own 30 s default. */
const MOCK_STARTUP_MS = 90_000;
const KEY = 'tc_mock_vs_server_key_0123456789';
const ORIGIN = 'https://app.example.com';

/** The shape of a JSON value: keys, array lengths and value types, never the values themselves. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'processing_time_ms')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  return typeof value;
}

type Call = (client: TextclassClient) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

const CALLS: Array<[string, Call]> = [
  [
    'one model, three texts, top 2',
    (c) =>
      c.POST('/v2/models/{model_id}/inference', {
        params: { path: { model_id: 1 } },
        body: { texts: ['refund please', 'the app crashes', 'where is my parcel'], max_predictions: 2 },
      }),
  ],
  [
    'one model, one text, every label',
    (c) => c.POST('/v2/models/{model_id}/inference', { params: { path: { model_id: 1 } }, body: { texts: ['hi'] } }),
  ],
  [
    'model ids, two texts, top 1',
    (c) =>
      c.POST('/v2/multi-model/inference', {
        body: { model_ids: [1, 2], texts: ['refund please', 'great service'], max_predictions: 1 },
      }),
  ],
  [
    'model settings, one text',
    (c) =>
      c.POST('/v2/models/inference', {
        body: { texts: ['refund please'], model_settings: [{ model_id: 2, max_predictions: 2 }] },
      }),
  ],
  ['embeddings, three texts', (c) => c.POST('/v2/embeddings', { body: { texts: ['a', 'b', 'c'] } })],
  [
    'embeddings, base64 of the USE-lite part (512 dimensions)',
    (c) => c.POST('/v2/embeddings', { body: { texts: ['a'], dimensions: 512, encoding_format: 'base64' } }),
  ],
  ['OpenAI embeddings, one string', (c) => c.POST('/v1/embeddings', { body: { model: 'default', input: 'hello' } })],
  [
    'OpenAI embeddings, token arrays',
    (c) => c.POST('/v1/embeddings', { body: { model: 'default', input: [[1, 2, 3]] } }),
  ],
  [
    'similarity, top 1',
    (c) =>
      c.POST('/v2/similarity', {
        body: {
          base_texts: { a: 'refund', b: 'parcel' },
          compare_to_texts: { x: 'money back', y: 'delivery' },
          top_n: 1,
        },
      }),
  ],
  [
    'inference, texts missing',
    (c) => c.POST('/v2/models/{model_id}/inference', { params: { path: { model_id: 1 } }, body: {} as never }),
  ],
];

describe('the mock answers as the server does', () => {
  let server: ServerProcess;
  let mock: MockServer;
  let onServer: TextclassClient;
  let onMock: TextclassClient;

  beforeAll(async () => {
    [server, mock] = await Promise.all([
      startServerProcess({ env: { TEXTCLASS_API_KEY: KEY, TEXTCLASS_CORS_ORIGINS: ORIGIN } }),
      startMock({ port: await freePort(), corsOrigins: [ORIGIN], startupTimeoutMs: MOCK_STARTUP_MS }),
    ]);
    onServer = createTextclassClient({ baseUrl: server.url, apiKey: KEY });
    onMock = createTextclassClient({ baseUrl: mock.url, apiKey: KEY });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), mock?.stop()]);
  });

  it.each(CALLS)('%s', async (_name, call) => {
    const [fromServer, fromMock] = await Promise.all([call(onServer), call(onMock)]);
    expect(fromMock.response.status).toBe(fromServer.response.status);
    expect(shapeOf(fromMock.data ?? fromMock.error)).toEqual(shapeOf(fromServer.data ?? fromServer.error));
  });

  it('vectors have the documented size: 612 by default, as asked otherwise', async () => {
    const { data } = await onMock.POST('/v2/embeddings', { body: { texts: ['a', 'b'] } });
    expect(data?.dimensions).toBe(612);
    expect((data?.embeddings as number[][]).map((v) => v.length)).toEqual([612, 612]);
  });

  it('applies the same CORS policy: the configured origin only', async () => {
    for (const base of [server.url, mock.url]) {
      const allowed = await fetch(`${base}/v2/models`, {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const other = await fetch(`${base}/v2/models`, {
        headers: { Origin: 'https://evil.example', Authorization: `Bearer ${KEY}` },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('serves the contract at /openapi.json, as the server does', async () => {
    const [fromServer, fromMock] = await Promise.all(
      [server.url, mock.url].map(async (base) => (await fetch(`${base}/openapi.json`)).json()),
    );
    expect((fromMock as { info: unknown }).info).toEqual((fromServer as { info: unknown }).info);
  });
});
