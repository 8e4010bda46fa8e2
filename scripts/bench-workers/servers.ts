// The servers bench:workers compares: the built `textclass serve` on a scratch PostgreSQL database with N workers, and the embedded one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, MAIN } from '@textclass/server/testing';
import type { Subject } from '@textclass/model-tools';
import { freePort, spawnAndWait, type Child } from '../bench-inference/servers.js';
import { BENCH_API_KEY, provision, startTextclass } from '../bench-inference/textclass-server.js';
import { cpuSecondsOfStat, statusKiB } from '../lib/proc-status.js';

export interface BenchServer {
  name: string;
  url: string;
  /** The server process (the cluster primary with --workers above 1). */
  pid: number;
  /** Resident MiB of the server and its workers together (Linux /proc), undefined elsewhere. */
  rssMiB(): number | undefined;
  /** CPU seconds (user + system) the server and its workers have used so far (Linux /proc), undefined elsewhere. */
  cpuSeconds(): number | undefined;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  return (statusKiB(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS') || 0) / 1024;
}

function cpuOf(pid: number): number {
  return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** `measure` summed over a process and its children (the cluster workers). */
function overTree(pid: number, measure: (pid: number) => number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return measure(pid) + children.reduce((sum, child) => sum + measure(Number(child)), 0);
  } catch {
    return undefined;
  }
}

function probes(pid: number): Pick<BenchServer, 'rssMiB' | 'cpuSeconds'> {
  return {
    rssMiB: () => {
      const rss = overTree(pid, rssOf);
      return rss === undefined ? undefined : Math.round(rss);
    },
    cpuSeconds: () => overTree(pid, cpuOf),
  };
}

/** The static encoder as default, the embedding cache off: the settings bench:inference measures the HTTP stack with. */
function subjectSettings(subject: Subject): NodeJS.ProcessEnv {
  return {
    ...(subject.modelsDir ? { TEXTCLASS_MODELS_DIR: subject.modelsDir } : {}),
    TEXTCLASS_DEFAULT_ENCODER: subject.id,
    TEXTCLASS_EMBEDDING_CACHE_MB: '0',
  };
}

/** Polls until `ready` holds (the primary prints its lines once every worker serves; demo model 1 exists). */
async function until(what: string, ready: () => Promise<boolean> | boolean, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `textclass serve --workers N` on a fresh database made from `baseUrl`, whose default workspace allows the load. */
export async function startOnPostgres(baseUrl: string, workers: number, subject: Subject): Promise<BenchServer> {
  const db = await createScratchDatabase(baseUrl, `bench_w${workers}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-bench-workers-'));
  let child: Child | undefined;
  try {
    await provision(dataDir, db.url);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...subjectSettings(subject),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TEXTCLASS_DATA_DIR: dataDir,
      TEXTCLASS_API_KEY: BENCH_API_KEY,
      DATABASE_URL: db.url,
      TEXTCLASS_WORKERS: String(workers),
    };
    const started = await spawnAndWait([MAIN, 'serve'], env, port, '/health', 300);
    child = started;
    await until('every worker serving', () => /textclass is ready at/.test(started.output()));
    const headers = { authorization: `Bearer ${BENCH_API_KEY}` };
    await until('demo model 1', async () => (await fetch(`${started.url}/v2/models/1`, { headers })).status === 200);
    return {
      name: `PostgreSQL, --workers ${workers}`,
      url: started.url,
      pid: started.pid,
      ...probes(started.pid),
      stop: async () => {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
        await db.drop();
      },
    };
  } catch (error) {
    await child?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
    throw error;
  }
}

/** The embedded database (PGlite): one process by construction. */
export async function startEmbedded(subject: Subject): Promise<BenchServer> {
  const server = await startTextclass(subject);
  return {
    name: 'embedded (PGlite), 1 process',
    url: server.url,
    pid: server.pid,
    ...probes(server.pid),
    stop: server.stop,
  };
}
