// Encoders load when used: at ready only the default (and its parts) is warm; another encoder loads on its first request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;

/** Whether the server's encoder of this id is loaded and warm. */
const warm = (id: string) =>
  (server.running.runtime.services.encoders.get(id) as unknown as { health(): boolean }).health();

beforeAll(async () => {
  server = await startTestServer();
  await server.running.ready;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('encoders loaded when used', () => {
  it('is ready with the default encoder and its parts warm, the English-only and float encoders not loaded', async () => {
    expect((await server.call('GET', '/health/ready', { key: null })).status).toBe(200);
    for (const id of ['use-multi-612', 'use-lite-en-512-int8', 'static-multi-100d']) expect(warm(id)).toBe(true);
    expect(warm('static-en-100d')).toBe(false);
    expect(warm('use-lite-en-512')).toBe(false);
  });

  it('loads an encoder on its first embeddings request, which waits for it and answers 200', async () => {
    const texts = ['where is my parcel', 'refund please'];
    const [a, b] = await Promise.all([
      server.call('POST', '/v2/embeddings', { body: { texts, encoder: 'static-en-100d' } }),
      server.call('POST', '/v2/embeddings', { body: { texts: [texts[0]], encoder: 'static-en-100d' } }),
    ]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ encoder: 'static-en-100d', dimensions: 100 });
    expect(a.body.embeddings).toHaveLength(2);
    expect(b.status).toBe(200);
    expect(b.body.embeddings[0]).toEqual(a.body.embeddings[0]);
    expect(warm('static-en-100d')).toBe(true);
    expect(warm('use-lite-en-512')).toBe(false);
    expect((await server.call('GET', '/health/ready', { key: null })).status).toBe(200);
  });
});
