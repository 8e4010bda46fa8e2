// Query values with RFC 3986 sub-delimiters, sent by the typed client as openapi-fetch writes them, reach the server intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextclassClient, type TextclassClient } from '@textclass/client';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

let server: ServerProcess;
let client: TextclassClient;
const sent: string[] = [];
beforeAll(async () => {
  server = await startServerProcess();
  client = createTextclassClient({
    baseUrl: server.url,
    apiKey: server.apiKey,
    fetch: (request: Request) => {
      sent.push(request.url);
      return fetch(request);
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('reserved characters in query values, through @textclass/client', () => {
  it('imports under a name with parentheses and other sub-delimiters (the line in docs/models.md)', async () => {
    const exported = await client.GET('/v2/models/{model_id}/export', { params: { path: { model_id: 1 } } });
    expect(exported.error).toBeUndefined();
    for (const name of ['Ticket intent (staging)', "it's *new*!", 'a:b@c, d;e $f/g?h']) {
      const { data, error, response } = await client.POST('/v2/models/import', {
        params: { query: { name } },
        body: exported.data!,
      });
      expect(error, `${response.url}`).toBeUndefined();
      expect(response.status).toBe(201);
      expect(data?.name).toBe(name);
      const fetched = await client.GET('/v2/models/{model_id}', { params: { path: { model_id: data!.id } } });
      expect(fetched.data?.name).toBe(name);
    }
    // openapi-fetch leaves ( ) ' * ! raw: the server took them as they were sent.
    expect(sent.some((url) => url.includes('(staging)'))).toBe(true);
  });

  it('still refuses an ill-typed value on its merits, not on its characters', async () => {
    const { error } = await client.GET('/v2/models', { params: { query: { limit: '5)' as unknown as number } } });
    expect(error).toMatchObject({ status: 400, error_code: 'INVALID_PARAMETER' });
    expect(error?.message).toMatch(/^limit: /);
  });
});
