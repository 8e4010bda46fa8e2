// The built server's memory through the largest embeddings request the contract allows: a bounded peak, given back after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { peakRssMiB, resetPeakRss, rssMiB, settledRss } from './process-memory.js';
import { startMemoryServer } from './memory-server.js';
import { RSS_GIVEN_BACK_SECONDS, RSS_GIVEN_BACK_TOLERANCE, RSS_PEAK_PER_REQUEST_MIB } from './rss-target.js';

const BODY_LIMIT = 1024 * 1024;
const SENTENCES = [
  'the parcel never arrived and nobody answers the phone',
  'I was charged twice for the same order last week',
  'please cancel my subscription before the next billing date',
  'the app crashes whenever I open the settings page',
  'can you tell me when the replacement part will ship',
];

/** 200 distinct texts (openapi: EmbeddingTexts), each as long as the 1 MiB body allows with the others. */
function largestTexts(): string[] {
  const text = (seed: number, characters: number) => {
    let out = `ticket ${seed}:`;
    for (let i = seed; out.length < characters; i++) out += ` ${SENTENCES[i % SENTENCES.length] as string} (${i}).`;
    return out.slice(0, characters);
  };
  for (let characters = 10_000; ; characters -= 10) {
    const texts = Array.from({ length: 200 }, (_, i) => text(i, characters));
    if (Buffer.byteLength(JSON.stringify({ texts })) <= BODY_LIMIT) return texts;
  }
}

describe('memory through the largest embeddings request', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startMemoryServer();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it(`peaks under ${RSS_PEAK_PER_REQUEST_MIB} MiB and comes back within ${RSS_GIVEN_BACK_TOLERANCE * 100} % in ${RSS_GIVEN_BACK_SECONDS} s`, async (context) => {
    const pid = server.child.pid as number;
    // The first quiet-time collection after ready gives the loading's young generation back (app/process/quiet-collector.ts).
    await new Promise((r) => setTimeout(r, 12_000));
    const before = await settledRss(pid);
    if (before === undefined || !resetPeakRss(pid)) context.skip(); // no /proc: not Linux
    const texts = largestTexts();
    const res = await fetch(`${server.url}/v2/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ texts }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { embeddings: unknown[] }).embeddings).toHaveLength(200);
    const peak = peakRssMiB(pid) as number;
    const answered = Date.now();
    let after = rssMiB(pid) as number;
    while (
      after > (before as number) * (1 + RSS_GIVEN_BACK_TOLERANCE) &&
      Date.now() - answered < RSS_GIVEN_BACK_SECONDS * 1000
    ) {
      await new Promise((r) => setTimeout(r, 1_000));
      after = rssMiB(pid) as number;
    }
    process.stderr.write(
      `largest embeddings request (200 × ${texts[0]?.length} characters): RSS ${Math.round(before as number)} MiB → peak ${Math.round(peak)} → ${Math.round(after)} after ${Math.round((Date.now() - answered) / 1000)} s\n`,
    );
    expect(peak).toBeLessThanOrEqual(RSS_PEAK_PER_REQUEST_MIB);
    expect(after).toBeLessThanOrEqual((before as number) * (1 + RSS_GIVEN_BACK_TOLERANCE));
  }, 240_000);
});
