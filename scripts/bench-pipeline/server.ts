// The built `textclass serve` for the pipeline benchmark: fresh PGlite data dir (or a scratch PostgreSQL database), high rate limit, private webhooks allowed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, MAIN, type ScratchDatabase } from '@textclass/server/testing';
import { freePort, spawnAndWait, type Child } from '../bench-inference/servers.js';
import { provision } from '../bench-inference/textclass-server.js';

export const BENCH_API_KEY = 'tc_bench_key_0123456789abcdefghij';

export interface PipelineServer extends Child {
  database: 'pglite' | 'postgresql';
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
): Promise<PipelineServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-bench-pipeline-'));
  let scratch: ScratchDatabase | undefined;
  const cleanup = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (baseUrl) scratch = await createScratchDatabase(baseUrl, 'benchpipe');
    await provision(dataDir, scratch?.url);
    const port = await freePort();
    const settings: Record<string, string> = {
      LOG_LEVEL: 'warn',
      TEXTCLASS_EMBEDDING_CACHE_MB: '0',
      TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
      TEXTCLASS_DEFAULT_ENCODER: encoderId,
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
      [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), MAIN, 'serve'],
      env,
      port,
      '/health',
      300,
    );
    return {
      ...child,
      database: scratch ? 'postgresql' : 'pglite',
      env: settings,
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
