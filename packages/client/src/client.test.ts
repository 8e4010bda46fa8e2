// Behaviour of createTextclassClient through an injected fetch: auth, user agent and the spec's retry rules.
import { describe, expect, it } from 'vitest';
import { createTextclassClient } from './client.js';
import { createFakeClock } from './testing/fake-clock.js';
import { createFakeFetch, errorBody, json, networkFailure, type Handler } from './testing/fake-fetch.js';

const ok: Handler = () =>
  json(200, {
    predictions: [[{ label: 'billing', confidence: 0.9 }]],
    model_id: 1,
    text_language: 'en',
    processing_time_ms: 3,
  });

function setup(...handlers: Handler[]) {
  const fake = createFakeFetch(...handlers);
  const clock = createFakeClock();
  const client = createTextclassClient({
    baseUrl: 'http://textclass.test/',
    apiKey: 'tc_secret',
    fetch: fake.fetch,
    clock,
  });
  const classify = () =>
    client.POST('/v2/models/{model_id}/inference', {
      params: { path: { model_id: 1 } },
      body: { texts: ['Where is my invoice?'], max_predictions: 2 },
    });
  return { fake, clock, client, classify };
}

describe('createTextclassClient', () => {
  it('sends the bearer token, JSON body and path to the base URL', async () => {
    const { fake, classify } = setup(ok);
    const { data, error } = await classify();
    expect(error).toBeUndefined();
    expect(data?.predictions[0]?.[0]?.label).toBe('billing');
    const [sent] = fake.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('http://textclass.test/v2/models/1/inference');
    expect(sent?.headers.get('authorization')).toBe('Bearer tc_secret');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ texts: ['Where is my invoice?'], max_predictions: 2 });
  });

  it('sets User-Agent when asked', async () => {
    const fake = createFakeFetch(ok);
    const client = createTextclassClient({
      baseUrl: 'http://textclass.test',
      apiKey: 'k',
      fetch: fake.fetch,
      userAgent: 'crm-sync/2.1',
    });
    await client.GET('/v2/models');
    expect(fake.requests[0]?.headers.get('user-agent')).toBe('crm-sync/2.1');
  });

  it('refuses an empty API key', () => {
    expect(() => createTextclassClient({ baseUrl: 'http://textclass.test', apiKey: ' ' })).toThrow(TypeError);
  });

  it('retries a 500 after 1 s, then 2 s, and returns the success', async () => {
    const { fake, clock, classify } = setup(
      () => json(500, errorBody(500, 'INTERNAL_ERROR')),
      () => json(502, 'bad gateway'),
      ok,
    );
    const { data, response } = await classify();
    expect(response.status).toBe(200);
    expect(data?.text_language).toBe('en');
    expect(fake.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 2000]);
  });

  it('gives up after 3 retries (4 attempts) and returns the last error', async () => {
    const { fake, clock, classify } = setup(() => json(500, errorBody(500, 'INTERNAL_ERROR')));
    const { data, error, response } = await classify();
    expect(data).toBeUndefined();
    expect(response.status).toBe(500);
    expect(error).toEqual(errorBody(500, 'INTERNAL_ERROR'));
    expect(fake.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('sends the identical body and Authorization header on every attempt', async () => {
    const { fake, classify } = setup(() => json(503, errorBody(503, 'UNAVAILABLE')));
    await classify();
    const expected = JSON.stringify({ texts: ['Where is my invoice?'], max_predictions: 2 });
    expect(fake.requests.map((r) => r.body)).toEqual([expected, expected, expected, expected]);
    expect(fake.requests.map((r) => r.headers.get('authorization'))).toEqual(Array(4).fill('Bearer tc_secret'));
  });

  it('waits Retry-After seconds on 429, then retries', async () => {
    const { fake, clock, classify } = setup(
      () => json(429, errorBody(429, 'RATE_LIMITED'), { 'Retry-After': '7' }),
      ok,
    );
    const { data } = await classify();
    expect(data).toBeDefined();
    expect(fake.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([7000]);
  });

  it('counts 429 retries against the same maximum', async () => {
    const { fake, clock, classify } = setup(
      () => json(429, errorBody(429, 'RATE_LIMITED'), { 'Retry-After': '2' }),
      () => json(500, errorBody(500, 'INTERNAL_ERROR')),
      () => json(429, errorBody(429, 'RATE_LIMITED'), { 'Retry-After': '3' }),
    );
    const { response } = await classify();
    expect(response.status).toBe(429);
    expect(fake.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([2000, 2000, 3000]);
  });

  it('falls back to 1 s on a 429 without a usable Retry-After', async () => {
    const { clock, classify } = setup(
      () => json(429, errorBody(429, 'RATE_LIMITED')),
      () => json(429, errorBody(429, 'RATE_LIMITED'), { 'Retry-After': 'soon' }),
      ok,
    );
    await classify();
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('honours a longer Retry-After on 503', async () => {
    const { clock, classify } = setup(() => json(503, errorBody(503, 'UNAVAILABLE'), { 'Retry-After': '5' }), ok);
    await classify();
    expect(clock.sleeps).toEqual([5000]);
  });

  it.each([400, 401, 403, 404, 409, 413])('never retries a %i', async (status) => {
    const { fake, clock, classify } = setup(() => json(status, errorBody(status, 'SOME_CODE')), ok);
    const { error, response } = await classify();
    expect(response.status).toBe(status);
    expect(error).toEqual(errorBody(status, 'SOME_CODE'));
    expect(fake.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('retries a network error with the same backoff', async () => {
    const { fake, clock, classify } = setup(networkFailure, networkFailure, ok);
    const { data } = await classify();
    expect(data).toBeDefined();
    expect(fake.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 2000]);
  });

  it('throws the last network error once retries run out', async () => {
    const { fake, clock, classify } = setup(networkFailure);
    await expect(classify()).rejects.toThrow('fetch failed');
    expect(fake.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('does not retry when maxRetries is 0', async () => {
    const fake = createFakeFetch(() => json(500, errorBody(500, 'INTERNAL_ERROR')), ok);
    const client = createTextclassClient({
      baseUrl: 'http://textclass.test',
      apiKey: 'k',
      fetch: fake.fetch,
      retry: { maxRetries: 0 },
    });
    const { response } = await client.GET('/v2/models');
    expect(response.status).toBe(500);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops retrying once the caller aborts', async () => {
    const controller = new AbortController();
    const { fake, client } = setup(() => {
      controller.abort();
      return json(500, errorBody(500, 'INTERNAL_ERROR'));
    });
    const { response } = await client.GET('/v2/models', { signal: controller.signal });
    expect(response.status).toBe(500);
    expect(fake.requests).toHaveLength(1);
  });
});
