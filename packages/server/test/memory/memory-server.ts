// The built server as the memory tests measure it: the embedded database, malloc bounded as the image runs it, ready.
import { startServerProcess, type ServerProcess } from '../../src/testing/index.js';
import { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD } from '../../src/app/process/malloc-arenas.js';

/**
 * Starts the built server on a fresh data dir and waits for /health/ready: the embedded database even where the test
 * environment names a PostgreSQL or Redis, nothing preloaded, malloc's arenas and mmap threshold as the image and
 * npm start set them; `env` adds or overrides settings.
 */
export async function startMemoryServer(env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: {
      DATABASE_URL: '',
      REDIS_URL: '',
      TEXTCLASS_PRELOAD_ENCODERS: '',
      MALLOC_ARENA_MAX,
      MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD,
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  while ((await fetch(`${server.url}/health/ready`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`not ready within 120 s:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}
