// What the built server loads at start: the drivers and tools a configuration does not ask for stay unloaded, and load at start when it does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../src/testing/redis-server.js';
import { startServerProcess } from '../../src/testing/server-process.js';
import { loadedPackages, moduleProbeEnv, probedModules } from '../testing/module-probe-env.js';

/** Packages only some configurations or commands need (bench/history/memory.md, "Modules the server loads at ready"). */
const DEFERRED = ['pg', 'pg-pool', 'ioredis', 'undici', 'cli-progress', '@huggingface/tokenizers', 'csv-parse'];

/** Starts the built server with the module probe, waits for ready, stops it and returns the packages it loaded. */
async function packagesAtReady(env: NodeJS.ProcessEnv): Promise<{ packages: Set<string>; health: unknown }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'textclass-modules-'));
  const log = path.join(dir, 'modules.txt');
  try {
    const server = await startServerProcess({
      env: {
        ...moduleProbeEnv(log),
        TEXTCLASS_DEFAULT_ENCODER: 'static-multi-100d',
        REDIS_URL: '',
        DATABASE_URL: '',
        ...env,
      },
    });
    const health = await (await fetch(`${server.url}/health`)).json();
    const models = await fetch(`${server.url}/v2/models`, { headers: { authorization: `Bearer ${server.apiKey}` } });
    expect(models.status).toBe(200);
    expect(await server.stop()).toBe(0);
    return { packages: loadedPackages(probedModules(log)), health };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the built server on embedded PGlite, without REDIS_URL', () => {
  it('loads none of the packages only other configurations or CLI commands use', async () => {
    const { packages, health } = await packagesAtReady({});
    expect(packages.has('kysely')).toBe(true); // the probe sees the packages that do load
    expect(packages.has('@electric-sql/pglite')).toBe(true);
    expect(DEFERRED.filter((name) => packages.has(name))).toEqual([]);
    expect(health).toEqual({ status: 'ok', rate_limits: 'process' });
  }, 120_000);
});

const noDatabase = !process.env.TEST_DATABASE_URL && !process.env.CI;
const noRedis = redisSkipReason();

describe.skipIf(noDatabase || noRedis !== undefined)(
  `the built server with DATABASE_URL and REDIS_URL${noRedis ? ` (skipped: ${noRedis})` : ''}`,
  () => {
    let db: ScratchDatabase;
    let redis: RedisServer;

    beforeAll(async () => {
      if (!process.env.TEST_DATABASE_URL) throw new Error('this test needs TEST_DATABASE_URL in CI');
      db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'deferred');
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await db?.drop();
      await redis?.stop('SIGTERM');
    });

    it('loads pg and ioredis at start, serves from PostgreSQL and counts rate limits in Redis', async () => {
      const { packages, health } = await packagesAtReady({
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        TEXTCLASS_SEED_DEMO: 'false',
      });
      expect(packages.has('pg')).toBe(true);
      expect(packages.has('ioredis')).toBe(true);
      expect(health).toEqual({ status: 'ok', rate_limits: 'redis' });
      const { rows } = await db.pool.query<{ n: string }>('select count(*) as n from workspaces');
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      expect(packages.has('undici')).toBe(false);
    }, 120_000);
  },
);
