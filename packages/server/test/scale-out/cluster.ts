// Brings up the scale-out setup: a scratch PostgreSQL database, Redis, two `textclass serve` processes and nginx.
import { redisServerBinary, startRedisServer, type RedisServer } from '../../src/testing/redis-server.js';
import { nginxBinary, startNginx, type Nginx } from '../../src/testing/nginx.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';

export interface Cluster {
  db: ScratchDatabase;
  redis: RedisServer;
  a: ServerProcess;
  b: ServerProcess;
  nginx: Nginx;
  adminKey: string;
  stop(): Promise<void>;
}

/** Why the scale-out test cannot run here, or undefined. In CI every part must be present. */
export function clusterSkipReason(): string | undefined {
  const missing: string[] = [];
  if (!process.env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL (bash .ci/start-postgres.sh)');
  if (redisServerBinary() === undefined) missing.push('redis-server');
  if (nginxBinary() === undefined) missing.push('nginx');
  if (missing.length === 0) return undefined;
  if (process.env.CI) throw new Error(`the scale-out test needs ${missing.join(', ')} in CI (.ci/run provides them)`);
  return `needs ${missing.join(', ')}`;
}

export const address = (server: ServerProcess) => new URL(server.url).host;

export async function startCluster(): Promise<Cluster> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const db = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'scaleout');
    cleanups.push(() => db.drop());
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop('SIGTERM'));
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url };
    // One after the other: the first migrates, bootstraps the default workspace and seeds the demo models.
    const a = await startServerProcess({ env });
    cleanups.push(() => a.stop());
    await waitForDemoModels(a);
    const b = await startServerProcess({ env: { ...env, TEXTCLASS_SEED_DEMO: 'false' } });
    cleanups.push(() => b.stop());
    const nginx = await startNginx([address(a), address(b)]);
    cleanups.push(() => nginx.stop());
    return { db, redis, a, b, nginx, adminKey: TEST_API_KEY, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForDemoModels(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    const res = await fetch(`${server.url}/v2/models`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    const body = (await res.json()) as { total?: number };
    if (res.status === 200 && (body.total ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the demo models were not seeded');
}
