// Starts the built `textclass serve` on a fresh data dir whose default workspace allows the benchmark's request rate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Storage from '@textclass/server/storage';
import { MAIN } from '@textclass/server/testing';
import { freePort, spawnAndWait, type Child } from './servers.js';
import type { Subject } from '@textclass/model-tools';

export const BENCH_API_KEY = 'tc_bench_key_0123456789abcdefghij';

/**
 * Creates the `default` workspace before the server's first start (bootstrap then adopts it) with a rate limit far above
 * what the loops send, so the numbers measure inference, not the 6,000/min default limit; on PostgreSQL when
 * `databaseUrl` is given, else the embedded database in `dataDir`. Every bench's servers start from it.
 */
export async function provision(dataDir: string, databaseUrl?: string): Promise<void> {
  // With BENCH_SERVER_MAIN (another build's main.js), that build's storage migrates the database it will serve.
  const other = process.env.BENCH_SERVER_MAIN;
  const { createRepositories, openDatabase } = (await import(
    other ? pathToFileURL(join(dirname(other), 'adapters', 'storage', 'index.js')).href : '@textclass/server/storage'
  )) as typeof Storage;
  const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    await createRepositories(database.db).workspaces.create({
      name: 'default',
      plan: 'enterprise',
      rateLimitPerMinute: 1_000_000_000,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
  } finally {
    await database.close();
  }
}

/** /health turns 200 once encoders are warm; the demo models are seeded just after, so wait for model 1 too. */
async function waitForDemoModel(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  const headers = { authorization: `Bearer ${BENCH_API_KEY}` };
  while ((await fetch(`${url}/v2/models/1`, { headers })).status !== 200) {
    if (Date.now() > deadline) throw new Error('demo model 1 did not appear within 60 s of /health');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The built `textclass serve` on a fresh data dir (removed when it stops), with `settings` over the bench's own
 * environment; returns once demo model 1 exists. nodeArgs go before the entry point (e.g. --cpu-prof); `main` is the
 * built entry point (another build's dist/main.js, to compare two builds).
 */
export async function startBenchServer(
  settings: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
  main = MAIN,
): Promise<Child & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-bench-'));
  try {
    await provision(dataDir);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // As the image and npm start run it (bench/history/memory.md, "malloc arenas"); set MALLOC_ARENA_MAX=64 to see glibc's default.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TEXTCLASS_DATA_DIR: dataDir,
      TEXTCLASS_API_KEY: BENCH_API_KEY,
      ...settings,
    };
    const child = await spawnAndWait([...nodeArgs, main, 'serve'], env, port, '/health', 300);
    await waitForDemoModel(child.url);
    return {
      ...child,
      dataDir,
      stop: async () => {
        await child.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The server as a user runs it, with the embedding cache off (TEXTCLASS_EMBEDDING_CACHE_MB=0) and the subject as default
 * encoder. `profileDir` set: it runs under `node --cpu-prof` and writes its profile there when it stops. `extraEnv`
 * goes over those settings (bench:inference --server-env, to compare settings).
 */
export async function startTextclass(
  subject: Subject,
  profileDir?: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Child & { dataDir: string }> {
  return startBenchServer(
    {
      ...(subject.modelsDir ? { TEXTCLASS_MODELS_DIR: subject.modelsDir } : {}),
      TEXTCLASS_DEFAULT_ENCODER: subject.id,
      TEXTCLASS_EMBEDDING_CACHE_MB: '0',
      ...extraEnv,
    },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
}
