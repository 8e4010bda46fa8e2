// Encoders nothing needs are released when idle and load again on their next request; a deployed model's encoder stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServingEncoders } from '../../src/adapters/inference/serving/encoder-provider.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
const ON_DEMAND = 'static-en-100d';
const texts = ['where is my parcel', 'refund please'];

/** The serving encoders behind the server's readiness wrapper. */
const serving = () => (server.running.runtime.services.encoders as unknown as { inner: ServingEncoders }).inner;
const warm = (id: string) => serving().get(id).health();
const embed = (encoder: string, body = texts) =>
  server.call('POST', '/v2/embeddings', { body: { texts: body, encoder } });

/** Polls (no timing threshold: the deadline only ends a broken run) until the encoder's warmth is `want`. */
async function until(id: string, want: boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (warm(id) !== want) {
    if (Date.now() > deadline) throw new Error(`encoder ${id} still ${want ? 'not loaded' : 'loaded'}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  server = await startTestServer({ encoderIdleUnloadSeconds: 0.2 });
  await server.running.ready;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('idle encoders are released', () => {
  it('releases an encoder loaded on demand once idle, keeps the default and its parts, and reloads it on use', async () => {
    const first = await embed(ON_DEMAND);
    expect(first.status).toBe(200);
    await until(ON_DEMAND, false);
    for (const id of ['use-multi-612', 'use-lite-en-512-int8', 'static-multi-100d']) expect(warm(id)).toBe(true);
    expect((await server.call('GET', '/health/ready', { key: null })).status).toBe(200);
    const again = await embed(ON_DEMAND);
    expect(again.status).toBe(200);
    expect(again.body.embeddings).toEqual(first.body.embeddings);
  });

  it('answers requests that arrive while the encoder is being released', async () => {
    for (let round = 0; round < 5; round++) {
      expect((await embed(ON_DEMAND, [`round ${round}`])).status).toBe(200);
      const releasing = serving().get(ON_DEMAND).close();
      const answers = await Promise.all([embed(ON_DEMAND, [`during ${round}`]), embed(ON_DEMAND), releasing]);
      expect(answers.slice(0, 2).map((a) => a?.status)).toEqual([200, 200]);
    }
    await until(ON_DEMAND, false);
  });

  it('loads a model’s encoder when it is deployed and never releases it', async () => {
    const created = await server.call('POST', '/v2/models', {
      body: {
        name: 'Idle-unload zero-shot',
        type: 'zero-shot',
        encoder: ON_DEMAND,
        labels: [
          { name: 'delivery', descriptions: ['where is my parcel, it has not arrived'] },
          { name: 'billing', descriptions: ['refund my payment, wrong invoice'] },
        ],
      },
    });
    expect(created.status).toBe(201);
    await until(ON_DEMAND, false);
    expect((await server.call('POST', `/v2/models/${created.body.id}/deploy`, { body: {} })).status).toBe(200);
    expect(warm(ON_DEMAND)).toBe(true);
    // Idle for several sweeps' worth of time, and swept once more by hand: still loaded, and the server still ready.
    await new Promise((r) => setTimeout(r, 1_000));
    await serving().releaseIdle();
    expect(warm(ON_DEMAND)).toBe(true);
    expect((await server.call('GET', '/health/ready', { key: null })).status).toBe(200);
    const answer = await server.call('POST', `/v2/models/${created.body.id}/inference`, { body: { texts } });
    expect(answer.status).toBe(200);
  });
});
