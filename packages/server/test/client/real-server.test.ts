// @textclass/client against the real running server: typed calls, errors as data, batching beyond 8 texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAll, createTextclassClient, embeddingsOf, TextclassError } from '@textclass/client';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('client against the real server', () => {
  it('classifies with one model through the typed client', async () => {
    const client = createTextclassClient({ baseUrl: server.url, apiKey: server.apiKey });
    const { data, error, response } = await client.POST('/v2/models/{model_id}/inference', {
      params: { path: { model_id: 1 } },
      body: { texts: ['I was charged twice, please refund me'], max_predictions: 1 },
    });
    expect(error).toBeUndefined();
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(data?.predictions[0]?.[0]?.label).toBe('billing');
  });

  it('embeds through the typed client; base64 and float answers decode to the same vectors', async () => {
    const client = createTextclassClient({ baseUrl: server.url, apiKey: server.apiKey });
    const texts = ['Where is my parcel?', 'Wo ist mein Paket?'];
    const floats = await client.POST('/v2/embeddings', { body: { texts } });
    const base64 = await client.POST('/v2/embeddings', { body: { texts, encoding_format: 'base64' } });
    expect(floats.error).toBeUndefined();
    expect(base64.data?.encoding_format).toBe('base64');
    const fromFloats = embeddingsOf(floats.data!);
    expect(fromFloats).toHaveLength(2);
    expect(fromFloats[0]).toHaveLength(612);
    expect(embeddingsOf(base64.data!)).toEqual(fromFloats);
  });

  it('returns errors as data and does not retry a 4xx', async () => {
    let calls = 0;
    const client = createTextclassClient({
      baseUrl: server.url,
      apiKey: server.apiKey,
      fetch: (input: Request) => {
        calls += 1;
        return fetch(input);
      },
    });
    const { data, error } = await client.GET('/v2/models/{model_id}', { params: { path: { model_id: 424242 } } });
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 404, error_code: 'NOT_FOUND' });
    expect(calls).toBe(1);
    const bad = createTextclassClient({ baseUrl: server.url, apiKey: 'tc_wrong_key_000000000000000000' });
    expect((await bad.GET('/v2/models', {})).error).toMatchObject({ status: 401, error_code: 'UNAUTHORIZED' });
  });

  it('splits 19 texts into requests of 8 and returns predictions in input order', async () => {
    let requests = 0;
    const client = createTextclassClient({
      baseUrl: server.url,
      apiKey: server.apiKey,
      fetch: (input: Request) => {
        requests += 1;
        return fetch(input);
      },
    });
    const topics = [
      'I need a refund for the double charge on my invoice',
      'My parcel never arrived and tracking shows nothing',
      'I forgot my password and cannot log in',
    ];
    const texts = Array.from({ length: 19 }, (_, i) => topics[i % 3]!);
    const result = await classifyAll(client, 1, texts, { max_predictions: 1 });
    expect(requests).toBe(3);
    expect(result.predictions.map((p) => p[0]?.label)).toEqual(
      texts.map((_, i) => ['billing', 'shipping', 'account_access'][i % 3]),
    );
  });

  it('throws a TextclassError from classifyAll on a non-retryable error', async () => {
    const client = createTextclassClient({ baseUrl: server.url, apiKey: server.apiKey });
    await expect(classifyAll(client, 999, ['hello'])).rejects.toBeInstanceOf(TextclassError);
  });
});
