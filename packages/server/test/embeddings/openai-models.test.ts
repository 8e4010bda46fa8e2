// GET /v1/models and /v1/models/{model} with OpenAI's official Node client: the list is what /v1/embeddings accepts.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
const clientFor = (apiKey: string) => new OpenAI({ baseURL: `${server.url}/v1`, apiKey, maxRetries: 0 });

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the openai client against /v1/models', () => {
  it('lists `default` first, then every encoder /v1/embeddings accepts', async () => {
    const reader = clientFor(await server.createKey(server.workspace, 'reader'));
    const models = [];
    for await (const model of reader.models.list()) models.push(model);
    expect(models[0]).toMatchObject({ id: 'default', object: 'model', owned_by: 'textclass' });
    const ids = models.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['use-multi-612', 'static-multi-100d', 'static-en-100d']));
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of models) {
      expect(Number.isInteger(m.created) && m.created > 1_600_000_000).toBe(true);
      expect(m.created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    }
    // The same ids /v1/embeddings accepts: its refusal of an unknown model lists every encoder it has.
    const member = clientFor(ADMIN_KEY);
    const refused = await member.embeddings.create({ model: 'no-such-encoder', input: 'x' }).catch((e) => e);
    const accepted = /it has (.*)$/.exec(refused.message)?.[1]?.split(', ');
    expect(['default', ...(accepted ?? []).sort()]).toEqual(ids);
    const embedded = await member.embeddings.create({ model: ids[1]!, input: 'Where is my parcel?' });
    expect(embedded.model).toBe(ids[1]);
  });

  it('retrieves one model, and answers an unknown one 404 model_not_found in OpenAI’s shape', async () => {
    const openai = clientFor(ADMIN_KEY);
    const listed = (await openai.models.list()).data.find((m) => m.id === 'use-multi-612');
    expect(await openai.models.retrieve('use-multi-612')).toEqual(listed);
    expect(await openai.models.retrieve('default')).toMatchObject({ id: 'default', object: 'model' });
    const missing = await openai.models.retrieve('text-embedding-3-small').catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect(missing.message).toContain('use-multi-612');
  });

  it('refuses a malformed id (400) and a missing key (401), in OpenAI’s shape', async () => {
    const malformed = await fetch(`${server.url}/v1/models/a%20b`, {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const anonymous = await fetch(`${server.url}/v1/models`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
  });
});
