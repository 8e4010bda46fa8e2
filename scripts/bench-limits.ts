// Benchmark: rate-limit exactness across two processes (Redis), the limiter's added latency (in-process vs Redis), requests/s.
import { Redis } from 'ioredis';
import { InProcessRateLimiter, type RateLimiter } from '@textclass/server/core';
import { RedisRateLimiter } from '@textclass/server/redis-limits';
import {
  createScratchDatabase,
  nginxBinary,
  runCli,
  type ServerProcess,
  startNginx,
  startRedisServer,
  startServerProcess,
} from '@textclass/server/testing';
import { runWindowLoad, type WindowCount } from './bench-limits-load.js';
import { percentileAtFloor as percentile } from './lib/latencies.js';

interface Flags {
  databaseUrl: string;
  seconds: number;
  clients: number;
  nginx: boolean;
  calls: number;
}

function parseFlags(argv: string[]): Flags {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const databaseUrl = value('--database-url') ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl)
    throw new Error('needs PostgreSQL: --database-url postgres://… or TEST_DATABASE_URL (bash .ci/start-postgres.sh)');
  return {
    databaseUrl,
    seconds: Number(value('--seconds') ?? 65),
    clients: Number(value('--clients') ?? 8),
    nginx: !argv.includes('--no-nginx') && nginxBinary() !== undefined,
    calls: Number(value('--calls') ?? 5000),
  };
}

const LIMITS = [10, 50, 200];
const ms = (n: number) => `${n.toFixed(3)} ms`;

/** Times `calls` of each function, alternating them so both see the same machine load. */
async function sideBySide(
  calls: number,
  runs: Record<string, () => Promise<unknown>>,
): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  for (let i = 0; i < calls + 200; i += 1) {
    for (const [name, run] of Object.entries(runs)) {
      const started = process.hrtime.bigint();
      await run();
      if (i >= 200) samples[name]!.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return samples;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const db = await createScratchDatabase(flags.databaseUrl, 'benchlimits');
  const redis = await startRedisServer();
  const servers: ServerProcess[] = [];
  let stopNginx = async () => undefined as unknown;
  try {
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, LOG_LEVEL: 'error' };
    servers.push(await startServerProcess({ env }));
    servers.push(await startServerProcess({ env: { ...env, TEXTCLASS_SEED_DEMO: 'false' } }));
    const local = await startServerProcess({ env: { ...env, REDIS_URL: '', TEXTCLASS_SEED_DEMO: 'false' } });
    servers.push(local);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cli = (workspace: string) =>
      runCli(['keys', 'create', '--workspace', workspace, '--role', 'reader'], {
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
      });
    const workspace = async (name: string, limit: number) => {
      await db.pool.query('INSERT INTO workspaces (name, plan, rate_limit_per_minute) VALUES ($1, $2, $3)', [
        name,
        'enterprise',
        limit,
      ]);
      return cli(name);
    };

    out(`textclass rate-limit benchmark — ${new Date().toISOString()}`);
    out(
      `setup: PostgreSQL (scratch database), redis-server, 2 × textclass serve with REDIS_URL${flags.nginx ? ', nginx (least_conn) in front' : ' (clients alternate between them)'}; 1 more process without REDIS_URL for comparison`,
    );
    out();

    // 1. The limiter alone: consume() in process vs one EVALSHA round trip to Redis.
    const client = new Redis(redis.url);
    const limiters: Record<string, RateLimiter> = {
      'in-process': new InProcessRateLimiter(),
      redis: new RedisRateLimiter(client),
    };
    let n = 0;
    const direct = await sideBySide(
      flags.calls,
      Object.fromEntries(
        Object.entries(limiters).map(([name, l]) => [name, () => l.consume(`bench:${(n += 1) % 100}`, 1_000_000_000)]),
      ),
    );
    client.disconnect();
    out(`limiter per call, RateLimiter.consume() timed directly (${flags.calls} calls each, interleaved)`);
    for (const [name, s] of Object.entries(direct))
      out(`  ${name.padEnd(12)} p50 ${ms(percentile(s, 50))}   p99 ${ms(percentile(s, 99))}`);

    // 2. The same through HTTP: GET /v2/models on a process with REDIS_URL vs one without.
    const fastKey = await workspace('bench-unlimited', 1_000_000_000);
    const get = (server: ServerProcess) => () =>
      fetch(`${server.url}/v2/models`, { headers: { Authorization: `Bearer ${fastKey}` } }).then((r) =>
        r.arrayBuffer(),
      );
    const httpCalls = Math.max(200, Math.round(flags.calls / 5));
    const http = await sideBySide(httpCalls, { 'without REDIS_URL': get(local), 'with REDIS_URL': get(a) });
    out();
    out(`GET /v2/models end to end, keep-alive (${httpCalls} requests each, interleaved)`);
    for (const [name, s] of Object.entries(http))
      out(`  ${name.padEnd(18)} p50 ${ms(percentile(s, 50))}   p99 ${ms(percentile(s, 99))}`);
    out(
      `  added by Redis     p50 ${ms(percentile(http['with REDIS_URL']!, 50) - percentile(http['without REDIS_URL']!, 50))}   p99 ${ms(percentile(http['with REDIS_URL']!, 99) - percentile(http['without REDIS_URL']!, 99))}`,
    );

    // 3. Exactness and throughput: every client hammers every limited workspace through nginx (or both processes).
    const keys = await Promise.all(LIMITS.map((limit) => workspace(`bench-${limit}`, limit)));
    let targets = [a.url, b.url];
    if (flags.nginx) {
      const nginx = await startNginx([new URL(a.url).host, new URL(b.url).host]);
      stopNginx = nginx.stop;
      targets = [nginx.url];
    }
    const load = await runWindowLoad({ targets, keys, clients: flags.clients, seconds: flags.seconds });
    out();
    out(
      `exactness: ${flags.clients} clients for ${flags.seconds} s; allowed per window (expected: limit + one burst of limit)`,
    );
    out('  workspace   limit  window ends (UTC)  seen for  requests  allowed  expected  diff');
    load.windows.forEach((w: WindowCount) => {
      const limit = LIMITS[w.keyIndex]!;
      const expected = 2 * limit;
      out(
        `  ${`bench-${limit}`.padEnd(11)} ${String(limit).padStart(5)}  ${new Date(w.resetAtSeconds * 1000).toISOString().slice(11, 19)}           ${`${w.observedSeconds.toFixed(0)} s`.padStart(6)}  ${String(w.requests).padStart(8)}  ${String(w.allowed).padStart(7)}  ${String(expected).padStart(8)}  ${String(w.allowed - expected).padStart(4)}`,
      );
    });
    out();
    out(
      `throughput: ${load.total} requests in ${load.elapsedSeconds.toFixed(1)} s = ${(load.total / load.elapsedSeconds).toFixed(0)} requests/s (2xx ${load.allowed}, 429 ${load.refused}, other ${load.other})`,
    );
  } finally {
    await stopNginx();
    await Promise.all(servers.map((s) => s.stop()));
    await redis.stop('SIGTERM');
    await db.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
