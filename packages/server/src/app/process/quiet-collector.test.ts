// The quiet-time collector: when it collects, how often it retries, and that V8 really shrinks its young generation.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startQuietCollector } from './quiet-collector.js';

const MiB = 2 ** 20;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop busy for ms (a spell the collector must not count as quiet). */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('quiet-time collection', () => {
  it('collects on a quiet interval, retries while the young generation stays large, waits for the next busy spell', async () => {
    let collections = 0;
    let young = 32 * MiB;
    const stop = startQuietCollector({
      intervalMs: 40,
      quietUtilization: 0.5,
      attemptsPerSpell: 2,
      youngGenerationBytes: () => young,
      shrunkBytes: 4 * MiB,
      collect: () => collections++,
    });
    try {
      await sleep(400);
      expect(collections).toBe(2); // two tries, then it waits: the young generation did not shrink
      young = MiB;
      await sleep(200);
      expect(collections).toBe(2);
      // A busy spell (every interval's timer delayed by a blocked loop) re-arms it; one collection shrinks, so one only.
      for (let i = 0; i < 4; i++) {
        busyFor(60);
        await sleep(1);
      }
      await sleep(300);
      expect(collections).toBe(3);
    } finally {
      stop();
    }
  });

  it('never collects while the event loop stays busy', async () => {
    let collections = 0;
    const stop = startQuietCollector({
      intervalMs: 30,
      quietUtilization: 0.5,
      attemptsPerSpell: 3,
      youngGenerationBytes: () => 32 * MiB,
      shrunkBytes: 4 * MiB,
      collect: () => collections++,
    });
    try {
      for (let i = 0; i < 8; i++) {
        busyFor(45);
        await new Promise((r) => setImmediate(r));
      }
      expect(collections).toBe(0);
    } finally {
      stop();
    }
  });

  it("shrinks a quiet server-like process's young generation, which V8 alone leaves large", async () => {
    const [withCollector, without] = await Promise.all([youngAfterQuiet(true), youngAfterQuiet(false)]);
    expect(without.grown).toBeGreaterThan(8 * MiB);
    expect(without.after).toBe(without.grown); // the control: nothing else shrinks it
    expect(withCollector.grown).toBeGreaterThan(8 * MiB);
    expect(withCollector.after).toBeLessThanOrEqual(4 * MiB);
  }, 30_000);
});

/**
 * A plain node process (the built module, as the server runs it) grows its young generation the way loading does, then
 * stays quiet 8 s with or without the collector; returns the young generation's size before and after, in bytes.
 */
async function youngAfterQuiet(collector: boolean): Promise<{ grown: number; after: number }> {
  const dist = (file: string) => pathToFileURL(resolve(import.meta.dirname, '../../../dist/app/process', file)).href;
  const script = `
    import { startQuietCollector } from ${JSON.stringify(dist('quiet-collector.js'))};
    import { youngGenerationBytes } from ${JSON.stringify(dist('settle-heap.js'))};
    const kept = [];
    for (let round = 0; round < 40 && youngGenerationBytes() <= 8 * 2 ** 20; round++)
      for (let i = 0; i < 20000; i++) kept.push({ i, s: 'word ' + i });
    kept.length = 0;
    const grown = youngGenerationBytes();
    if (${collector})
      startQuietCollector({ intervalMs: 1000, quietUtilization: 0.2, attemptsPerSpell: 8, youngGenerationBytes, shrunkBytes: 4 * 2 ** 20 });
    setTimeout(() => { console.log(JSON.stringify({ grown, after: youngGenerationBytes() })); process.exit(0); }, 8000);
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout) as { grown: number; after: number };
}
