// A text's vector from POST /v2/embeddings does not depend on the texts embedded with it (cache off, so every call embeds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ embeddingCacheMb: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const embed = async (texts: string[], encoder?: string): Promise<number[][]> => {
  const res = await server.call('POST', '/v2/embeddings', { body: { texts, ...(encoder ? { encoder } : {}) } });
  expect(res.status).toBe(200);
  return res.body.embeddings as number[][];
};
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

const TEXT = 'I was charged twice for my subscription this month.';
// Texts of about its length (so they share its padded batch), the last one's tokens reaching far larger values.
const OTHERS = Array.from(
  { length: 40 },
  (_, i) => `Order ${i} arrived broken and support never replied to me.`,
).concat(`${'Ω'.repeat(5)} URGENT!!! 1234567890 1234567890 1234567890`);

describe.each(['use-multi-612', 'use-lite-en-512-int8'])('POST /v2/embeddings with %s', (encoder) => {
  it('gives a text the same vector alone, among other texts and beside concurrent requests', async () => {
    const [alone] = await embed([TEXT], encoder);
    const among = (await embed([...OTHERS.slice(0, 20), TEXT, ...OTHERS.slice(20)], encoder))[20];
    const [beside] = await Promise.all([
      embed([TEXT], encoder),
      ...Array.from({ length: 6 }, (_, i) => embed(OTHERS.slice(i * 7, i * 7 + 7), encoder)),
    ]);
    // The int8 USE-lite quantises each token's vector on its own scale; one scale per batch moved it (cosine 0.9995).
    expect(dot(alone!, among!)).toBeGreaterThan(0.99999);
    expect(dot(alone!, beside![0]!)).toBeGreaterThan(0.99999);
  });
});
