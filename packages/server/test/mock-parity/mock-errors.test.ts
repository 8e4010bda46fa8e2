// The mock answers invalid requests as the real server does: the same invalid requests go to both, the answers must match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startMock, type MockServer } from '@textclass/mock';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

interface Case {
  name: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

/** Prism starts beside a whole server here, on a shared machine: more than the mock's own 30 s default. */
const MOCK_STARTUP_MS = 90_000;
const json = (value: unknown) => JSON.stringify(value);
const CASES: Case[] = [
  { name: '9 texts', method: 'POST', path: '/v2/models/1/inference', body: json({ texts: Array(9).fill('a') }) },
  { name: 'texts as a number', method: 'POST', path: '/v2/models/1/inference', body: json({ texts: 42 }) },
  { name: 'texts missing', method: 'POST', path: '/v2/models/1/inference', body: json({ max_predictions: 1 }) },
  {
    name: 'a text that is not a string',
    method: 'POST',
    path: '/v2/models/1/inference',
    body: json({ texts: ['a', 5] }),
  },
  {
    name: 'an unknown field',
    method: 'POST',
    path: '/v2/models/1/inference',
    body: json({ texts: ['a'], language: 'de' }),
  },
  {
    name: 'max_predictions 0',
    method: 'POST',
    path: '/v2/models/1/inference',
    body: json({ texts: ['a'], max_predictions: 0 }),
  },
  { name: 'malformed JSON', method: 'POST', path: '/v2/models/1/inference', body: '{"texts": ["a"' },
  { name: 'plain text', method: 'POST', path: '/v2/models/1/inference', body: 'hello', contentType: 'text/plain' },
  { name: 'model_settings missing', method: 'POST', path: '/v2/models/inference', body: json({ texts: ['a'] }) },
  { name: 'compare_to_texts missing', method: 'POST', path: '/v2/similarity', body: json({ base_texts: { a: 'x' } }) },
  { name: 'a bad path id', method: 'GET', path: '/v2/models/01' },
  { name: 'limit 0', method: 'GET', path: '/v2/models?limit=0' },
  { name: 'an unknown query parameter', method: 'GET', path: '/v2/models?sort=name' },
  { name: 'a path that does not exist', method: 'GET', path: '/v2/nothing-here' },
  { name: 'a method the path lacks', method: 'DELETE', path: '/v2/similarity' },
  {
    name: 'a dataset row that is not an object',
    method: 'POST',
    path: '/v2/dataset/1/item',
    body: json({ rows: [1] }),
  },
  {
    name: 'embeddings: 201 texts',
    method: 'POST',
    path: '/v2/embeddings',
    body: json({ texts: Array(201).fill('a') }),
  },
  {
    name: 'embeddings: a bad encoding_format',
    method: 'POST',
    path: '/v2/embeddings',
    body: json({ texts: ['a'], encoding_format: 'int8' }),
  },
  { name: 'OpenAI: model missing', method: 'POST', path: '/v1/embeddings', body: json({ input: 'a' }) },
  { name: 'OpenAI: malformed JSON', method: 'POST', path: '/v1/embeddings', body: '{"model": ' },
  {
    name: 'OpenAI: an unknown field',
    method: 'POST',
    path: '/v1/embeddings',
    body: json({ model: 'default', input: 'a', n: 2 }),
  },
];

let server: ServerProcess;
let mock: MockServer;
beforeAll(async () => {
  [server, mock] = await Promise.all([
    startServerProcess(),
    freePort().then((port) => startMock({ port, startupTimeoutMs: MOCK_STARTUP_MS })),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), mock?.stop()]);
});

async function send(base: string, key: string, c: Case) {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, 'X-Request-Id': 'req_compare' };
  if (c.body !== undefined) headers['Content-Type'] = c.contentType ?? 'application/json';
  const res = await fetch(`${base}${c.path}`, { method: c.method, headers, body: c.body });
  return { status: res.status, allow: res.headers.get('allow'), body: (await res.json()) as unknown };
}

describe('the mock answers invalid requests as the server does', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const [real, mocked] = await Promise.all([send(server.url, server.apiKey, c), send(mock.url, 'tc_mock_key', c)]);
    expect(real.status).toBeGreaterThanOrEqual(400);
    expect(mocked).toEqual(real);
  });

  it('without a key answers the contract 401, before it looks at the body', async () => {
    const res = await fetch(`${mock.url}/v2/models/1/inference`, { method: 'POST', body: '{"texts": ' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, error_code: 'UNAUTHORIZED' });
  });

  it('passes valid requests on to Prism (the documented example)', async () => {
    const res = await fetch(`${mock.url}/v1/embeddings`, {
      method: 'POST',
      headers: { Authorization: 'Bearer tc_mock_key', 'Content-Type': 'application/json' },
      body: json({ model: 'use-multi-612', input: ['a', 'b'] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'list', model: 'use-multi-612' });
  });
});
