// POST /v1/embeddings with OpenAI's official Node client pointed at a running server on 127.0.0.1.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
let openai: OpenAI;
const clientFor = (apiKey: string) => new OpenAI({ baseURL: `${server.url}/v1`, apiKey, maxRetries: 0 });

beforeAll(async () => {
  server = await startTestServer();
  openai = clientFor(ADMIN_KEY);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const fromBase64 = (s: string) => Array.from(new Float32Array(new Uint8Array(Buffer.from(s, 'base64')).buffer));

describe('the openai client against /v1/embeddings', () => {
  it('embeds one text (the client asks for base64 and decodes it)', async () => {
    const response = await openai.embeddings.create({ model: 'use-multi-612', input: 'Where is my parcel?' });
    expect(response.object).toBe('list');
    expect(response.model).toBe('use-multi-612');
    expect(response.data).toHaveLength(1);
    expect(response.data[0]).toMatchObject({ object: 'embedding', index: 0 });
    expect(response.data[0]!.embedding).toHaveLength(612);
    expect(norm(response.data[0]!.embedding)).toBeCloseTo(1, 5);
    expect(response.usage.prompt_tokens).toBeGreaterThan(0);
    expect(response.usage.total_tokens).toBe(response.usage.prompt_tokens);
  });

  it('embeds an array in order; float and base64 carry the same float32 values; `default` is the default encoder', async () => {
    const input = ['I want my money back', 'Ich möchte mein Geld zurück', 'The login page is broken'];
    const floats = await openai.embeddings.create({ model: 'default', input, encoding_format: 'float', user: 'u-1' });
    expect(floats.model).toBe('use-multi-612');
    expect(floats.data.map((d) => d.index)).toEqual([0, 1, 2]);
    const base64 = await openai.embeddings.create({ model: 'use-multi-612', input, encoding_format: 'base64' });
    base64.data.forEach((d, i) => {
      expect(typeof d.embedding).toBe('string');
      expect(fromBase64(d.embedding as unknown as string)).toEqual(floats.data[i]!.embedding);
    });
    const decoded = await openai.embeddings.create({ model: 'use-multi-612', input });
    decoded.data.forEach((d, i) => expect(Array.from(d.embedding)).toEqual(floats.data[i]!.embedding));
  });

  it('cuts to dimensions the encoder allows', async () => {
    const response = await openai.embeddings.create({ model: 'use-multi-612', input: ['refund'], dimensions: 512 });
    expect(response.data[0]!.embedding).toHaveLength(512);
    expect(norm(Array.from(response.data[0]!.embedding))).toBeCloseTo(1, 5);
    const refused = await openai.embeddings
      .create({ model: 'static-en-100d', input: 'x', dimensions: 64 })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused).toMatchObject({
      status: 400,
      param: 'dimensions',
      code: 'invalid_parameter',
      type: 'invalid_request_error',
    });
  });

  it('a model this server does not have → NotFoundError (404, model_not_found, param model)', async () => {
    const error = await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: 'model_not_found',
      param: 'model',
      type: 'invalid_request_error',
    });
    expect(error.message).toMatch(/no encoder "text-embedding-3-small" on this server; it has .*use-multi-612/);
    expect(error.requestID).toMatch(/\S/);
  });

  it('bad input → BadRequestError naming input', async () => {
    const tokens = await openai.embeddings.create({ model: 'default', input: [[1, 2, 3]] }).catch((e) => e);
    expect(tokens).toBeInstanceOf(OpenAI.BadRequestError);
    expect(tokens).toMatchObject({ status: 400, param: 'input', code: 'invalid_parameter' });
    expect(tokens.message).toMatch(/token arrays are not supported/);
    const tooMany = await openai.embeddings.create({ model: 'default', input: Array(201).fill('a') }).catch((e) => e);
    expect(tooMany).toMatchObject({ status: 400, param: 'input', code: 'invalid_parameter' });
    const empty = await openai.embeddings.create({ model: 'default', input: ' ' }).catch((e) => e);
    expect(empty).toMatchObject({ status: 400, param: 'input', code: 'empty_texts' });
    const missing = await openai.embeddings.create({ input: 'x' } as never).catch((e) => e);
    expect(missing).toMatchObject({ status: 400, param: 'model', code: 'missing_required_field' });
  });

  it('a bad key → AuthenticationError (401, invalid_api_key)', async () => {
    const error = await clientFor('tc_not_a_key_of_this_server_0000')
      .embeddings.create({ model: 'default', input: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', param: null });
  });

  it('a reader key → PermissionDeniedError; a spent quota → 403 insufficient_quota', async () => {
    const reader = await server.createKey(server.workspace, 'reader');
    const denied = await clientFor(reader)
      .embeddings.create({ model: 'default', input: 'x' })
      .catch((e) => e);
    expect(denied).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(denied).toMatchObject({ status: 403, type: 'permission_error', code: 'forbidden' });
    const workspace = await server.createWorkspace({ name: 'openai-quota', plan: 'enterprise', monthlyQuota: 1 });
    const member = clientFor(await server.createKey(workspace, 'member'));
    await member.embeddings.create({ model: 'default', input: 'one' });
    const spent = await member.embeddings.create({ model: 'default', input: 'two' }).catch((e) => e);
    expect(spent).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(spent).toMatchObject({ status: 403, type: 'insufficient_quota', code: 'quota_exceeded' });
  });

  it('the rate limit → RateLimitError (429) with Retry-After and the rate-limit headers', async () => {
    const workspace = await server.createWorkspace({ name: 'openai-limit', plan: 'enterprise', rateLimitPerMinute: 1 });
    const client = clientFor(await server.createKey(workspace, 'member'));
    let error: unknown;
    for (let i = 0; i < 3 && !error; i++)
      error = await client.embeddings.create({ model: 'default', input: 'x' }).then(
        () => undefined,
        (e) => e,
      );
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const limited = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(limited).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('1');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('answers malformed JSON and unknown /v1 paths in the OpenAI error shape', async () => {
    const malformed = await server.call('POST', '/v1/embeddings', { raw: '{"model": "default", "input": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: {
        message: 'body: the request body is not valid JSON',
        type: 'invalid_request_error',
        param: null,
        code: 'malformed_json',
      },
    });
    const unknown = await server.call('POST', '/v1/chat/completions', { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
  });
});
