// CI guard: the built server on a fresh data dir stays within its memory target at ready, with default settings and with
// only the static encoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../src/testing/index.js';
import { RSS_AT_READY_STATIC_TARGET_MIB, RSS_AT_READY_TARGET_MIB, RSS_TOLERANCE } from './rss-target.js';
import { settledRss } from './process-memory.js';
import { startMemoryServer } from './memory-server.js';

/**
 * Waits (up to ~45 s) for the server's first quiet-time collection to give back V8's young generation, which loading
 * grew to 32 MiB (app/process/quiet-collector.ts); returns its size in MiB as /metrics last reported it. Scrapes are 5 s
 * apart: each allocates, and V8 shrinks the young generation only when its allocation rate is low.
 */
async function youngGenerationSettled(url: string): Promise<number> {
  let mib = Number.NaN;
  for (let scrape = 0; scrape < 9; scrape++) {
    await new Promise((r) => setTimeout(r, 5_000));
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const bytes = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)$/m.exec(metrics)?.[1];
    mib = Number(bytes) / 2 ** 20;
    if (mib <= 4) return mib;
  }
  return mib;
}

const SERVERS = [
  { name: 'default settings', target: RSS_AT_READY_TARGET_MIB, env: {} },
  {
    name: 'only the static encoder',
    target: RSS_AT_READY_STATIC_TARGET_MIB,
    env: { TEXTCLASS_DEFAULT_ENCODER: 'static-multi-100d' },
  },
];

describe.each(SERVERS)('memory at ready, $name', ({ target, env }) => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startMemoryServer(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it(`stays within ${target} MiB + ${RSS_TOLERANCE * 100} % RSS`, async (context) => {
    const young = await youngGenerationSettled(server.url);
    const rss = await settledRss(server.child.pid as number);
    if (rss === undefined) context.skip(); // no /proc: not Linux
    process.stderr.write(
      `RSS at ready: ${Math.round(rss as number)} MiB (target ${target}; young generation ${young} MiB)\n`,
    );
    expect(young).toBeLessThanOrEqual(4);
    expect(rss).toBeLessThanOrEqual(target * (1 + RSS_TOLERANCE));
  }, 60_000);
});
