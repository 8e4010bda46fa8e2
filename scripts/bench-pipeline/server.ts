// The built `textclass serve` for the pipeline benchmark: fresh PGlite data dir (or a scratch PostgreSQL database), high rate limit, private webhooks allowed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, MAIN, type ScratchDatabase } from '@textclass/server/testing';
import { freePort, spawnAndWait, type Child } from '../bench-inference/servers.js';
import { provision } from '../bench-inference/textclass-server.js';

export const BENCH_API_KEY = 'tc_bench_key_0123456789abcdefghij';
/** The built server to run: BENCH_SERVER_MAIN names another build's main.js (an earlier tree's, to alternate old and new). */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN || MAIN;

/** How the server runs: one process, `serve --workers N`, or two processes on one PostgreSQL database. */
export interface ServerShape {
  workers?: number;
  processes?: 1 | 2;
}

export interface PipelineServer extends Child {
  database: 'pglite' | 'postgresql';
  /** The scratch PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl?: string;
  /** The server settings the run used (for the JSON). */
  env: Record<string, string>;
}

/**
 * Starts the server; `baseUrl` set: on a fresh database created from that PostgreSQL URL and dropped on stop.
 * `profileDir` set: the server runs under `node --cpu-prof` and writes its profile there when it stops.
 */
export async function startPipelineServer(
  baseUrl: string | undefined,
  encoderId: string,
  profileDir?: string,
  shape: ServerShape = {},
): Promise<PipelineServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-bench-pipeline-'));
  let scratch: ScratchDatabase | undefined;
  let second: Child | undefined;
  const secondDir = join(dataDir, 'second');
  const cleanup = async () => {
    await second?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if ((shape.processes === 2 || (shape.workers ?? 1) > 1) && !baseUrl)
    throw new Error('--workers and a second process need PostgreSQL (--database-url or TEST_DATABASE_URL)');
  try {
    if (baseUrl) scratch = await createScratchDatabase(baseUrl, 'benchpipe');
    await provision(dataDir, scratch?.url);
    const port = await freePort();
    const settings: Record<string, string> = {
      LOG_LEVEL: 'warn',
      TEXTCLASS_EMBEDDING_CACHE_MB: '0',
      TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
      TEXTCLASS_DEFAULT_ENCODER: encoderId,
      ...(shape.workers === undefined ? {} : { TEXTCLASS_WORKERS: String(shape.workers) }),
    };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...settings,
      PORT: String(port),
      HOST: '127.0.0.1',
      TEXTCLASS_DATA_DIR: dataDir,
      TEXTCLASS_API_KEY: BENCH_API_KEY,
      DATABASE_URL: scratch?.url ?? '',
    };
    const child = await spawnAndWait(
      [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), SERVER_MAIN, 'serve'],
      env,
      port,
      '/health',
      300,
    );
    if (shape.processes === 2) {
      // Started once the first has migrated and seeded: a process of its own on the same database.
      const port2 = await freePort();
      mkdirSync(secondDir);
      const env2 = { ...env, PORT: String(port2), TEXTCLASS_DATA_DIR: secondDir, TEXTCLASS_SEED_DEMO: 'false' };
      second = await spawnAndWait([SERVER_MAIN, 'serve'], env2, port2, '/health', 300).catch(async (error: unknown) => {
        await child.stop();
        throw error;
      });
    }
    return {
      ...child,
      database: scratch ? 'postgresql' : 'pglite',
      ...(scratch ? { databaseUrl: scratch.url } : {}),
      env: { ...settings, ...(shape.processes === 2 ? { processes: '2' } : {}) },
      stop: async () => {
        await child.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
