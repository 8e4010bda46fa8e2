// Behaviour of classifyAll through an injected fetch: chunking, ordering, concurrency and errors.
import { describe, expect, it } from 'vitest';
import { classifyAll } from './classify-all.js';
import { createTextclassClient } from './client.js';
import { TextclassError, UNKNOWN_ERROR_CODE } from './textclass-error.js';
import { createFakeClock } from './testing/fake-clock.js';
import { createFakeFetch, errorBody, json, type Handler, type RecordedRequest } from './testing/fake-fetch.js';

const inputs = (n: number) => Array.from({ length: n }, (_, i) => `text ${i}`);
const sentTexts = (request: RecordedRequest): string[] => JSON.parse(request.body).texts;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers each text with a prediction labelled by the text itself, so order is checkable. */
const echo =
  (wait: (texts: string[]) => number = () => 0, completed: string[] = []): Handler =>
  async (request) => {
    const texts = sentTexts(request);
    await delay(wait(texts));
    completed.push(texts[0]!);
    return json(200, {
      predictions: texts.map((label) => [{ label, confidence: 1 }]),
      model_id: 7,
      text_language: texts[0] === 'text 16' ? 'de' : 'en',
      processing_time_ms: 5,
    });
  };

function clientWith(handler: Handler) {
  const fake = createFakeFetch(handler);
  const client = createTextclassClient({
    baseUrl: 'http://textclass.test',
    apiKey: 'k',
    fetch: fake.fetch,
    clock: createFakeClock(),
  });
  return { fake, client };
}

describe('classifyAll', () => {
  it('sends 19 texts as requests of 8, 8 and 3 and returns predictions in input order', async () => {
    const { fake, client } = clientWith(echo());
    const result = await classifyAll(client, 7, inputs(19), { max_predictions: 1, label_filter: ['a', 'b'] });
    expect(fake.requests.map((r) => sentTexts(r).length)).toEqual([8, 8, 3]);
    expect(fake.requests.map((r) => r.url)).toEqual(Array(3).fill('http://textclass.test/v2/models/7/inference'));
    expect(JSON.parse(fake.requests[2]!.body)).toEqual({
      texts: inputs(19).slice(16),
      max_predictions: 1,
      label_filter: ['a', 'b'],
    });
    expect(result.predictions.map((p) => p[0]?.label)).toEqual(inputs(19));
    expect(result.chunks.map((c) => [c.indices.length, c.text_language])).toEqual([
      [8, 'en'],
      [8, 'en'],
      [3, 'de'],
    ]);
  });

  it('keeps input order when responses come back out of order', async () => {
    const completed: string[] = [];
    const slowFirst = (texts: string[]) => ({ 'text 0': 40, 'text 8': 20, 'text 16': 0 })[texts[0]!] ?? 0;
    const { client } = clientWith(echo(slowFirst, completed));
    const result = await classifyAll(client, 7, inputs(19), { concurrency: 3 });
    expect(completed).toEqual(['text 16', 'text 8', 'text 0']);
    expect(result.predictions.map((p) => p[0]?.label)).toEqual(inputs(19));
    expect(result.chunks.map((c) => c.indices[0])).toEqual([0, 8, 16]);
  });

  it('keeps at most `concurrency` requests in flight (default 2)', async () => {
    let inFlight = 0;
    let peak = 0;
    const inner = echo(() => 5);
    const { client } = clientWith(async (request, attempt) => {
      peak = Math.max(peak, ++inFlight);
      try {
        return await inner(request, attempt);
      } finally {
        inFlight--;
      }
    });
    await classifyAll(client, 7, inputs(50));
    expect(peak).toBe(2);
  });

  it('makes no request for no texts', async () => {
    const { fake, client } = clientWith(echo());
    expect(await classifyAll(client, 7, [])).toEqual({ predictions: [], chunks: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it('throws a TextclassError on a non-retryable error and starts no further requests', async () => {
    const { fake, client } = clientWith(() => json(404, errorBody(404, 'NOT_FOUND', 'model 7 not found')));
    const failure = classifyAll(client, 7, inputs(40), { concurrency: 1 });
    await expect(failure).rejects.toBeInstanceOf(TextclassError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      error_code: 'NOT_FOUND',
      request_id: 'req_404',
      message: 'model 7 not found',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('throws a TextclassError after retries run out on a 5xx', async () => {
    const { fake, client } = clientWith(() => json(500, errorBody(500, 'INTERNAL_ERROR')));
    await expect(classifyAll(client, 7, inputs(3))).rejects.toMatchObject({
      status: 500,
      error_code: 'INTERNAL_ERROR',
    });
    expect(fake.requests).toHaveLength(4);
  });

  it('copes with an error body that is not the service error object', async () => {
    const { client } = clientWith(
      () =>
        new Response('', {
          status: 403,
          statusText: 'Forbidden',
          headers: { 'X-Request-Id': 'req_hdr', 'Content-Length': '0' },
        }),
    );
    await expect(classifyAll(client, 7, inputs(1))).rejects.toMatchObject({
      status: 403,
      error_code: UNKNOWN_ERROR_CODE,
      request_id: 'req_hdr',
      message: 'HTTP 403 Forbidden',
    });
  });

  it('aborts requests still in flight when one fails', async () => {
    const aborted: boolean[] = [];
    const fake = createFakeFetch(async (request) => {
      const first = sentTexts(request)[0];
      if (first === 'text 0') return json(400, errorBody(400, 'INVALID_PARAMETER'));
      await delay(20);
      return json(200, { predictions: [], model_id: 7, text_language: 'en', processing_time_ms: 1 });
    });
    const observing = async (request: Request) => {
      const response = fake.fetch(request);
      request.signal.addEventListener('abort', () => aborted.push(true));
      return response;
    };
    const client = createTextclassClient({
      baseUrl: 'http://textclass.test',
      apiKey: 'k',
      fetch: observing,
      clock: createFakeClock(),
    });
    await expect(classifyAll(client, 7, inputs(16))).rejects.toMatchObject({ error_code: 'INVALID_PARAMETER' });
    expect(aborted.length).toBeGreaterThan(0);
  });

  it('rejects a concurrency below 1', async () => {
    const { client } = clientWith(echo());
    await expect(classifyAll(client, 7, inputs(3), { concurrency: 0 })).rejects.toThrow(RangeError);
  });
});
