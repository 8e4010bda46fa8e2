// npm run bench:fairness [-- --idle N] [--loads N] [--label NAME]: one workspace's 1-text inference latency on the built server (default
// encoder), alone and while another workspace's largest embeddings requests (200 long texts each, `--loads` at once) run:
// p50 / p99 of each and their ratio. The request of the issue: p99 ≤ 250 ms under two such calls.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { MAIN } from '@textclass/server/testing';
import { BENCH_API_KEY, startBenchServer } from './bench-inference/textclass-server.js';
import { latencySummary } from './lib/latencies.js';
import { EMBEDDING_TEXTS_MAX, largestTexts } from './long-texts.js';

const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '200' },
    loads: { type: 'string', default: '2' },
    label: { type: 'string' },
  },
});
const IDLE_REQUESTS = Number(values.idle);
const LOADS = Number(values.loads);
/** Pause between two 1-text requests: a client that asks now and then, not one that saturates the queue itself. */
const PAUSE_MS = 50;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The built CLI against the running server's data directory (its control socket): returns stdout. */
async function cli(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [MAIN, ...args], {
    env: { ...process.env, TEXTCLASS_DATA_DIR: dataDir },
  });
  return stdout.trim();
}

const server = await startBenchServer();
try {
  await cli(server.dataDir, 'workspaces', 'create', 'load', '--plan', 'enterprise', '--rate-limit', '1000000000');
  const loadKey = await cli(server.dataDir, 'keys', 'create', '--workspace', 'load', '--role', 'member');
  let seq = 0;
  /** One 1-text inference of the default workspace (model 1), a text new to the embedding cache; milliseconds. */
  const oneText = async (): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${server.url}/v2/models/1/inference`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ texts: [`where is my parcel, order number ${seq++}?`] }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`1-text inference answered ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await oneText();
  const idleMs: number[] = [];
  for (let i = 0; i < IDLE_REQUESTS; i++) {
    idleMs.push(await oneText());
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  const idle = latencySummary(idleMs);
  log(`idle: p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms over ${idle.requests} requests`);

  const loadTexts = Array.from({ length: LOADS }, (_, i) => largestTexts(10_000 * (i + 1), EMBEDDING_TEXTS_MAX));
  const characters = (loadTexts[0]?.[0] ?? '').length;
  let running = LOADS;
  const loadStarted = performance.now();
  const loads = loadTexts.map(async (texts) => {
    const res = await fetch(`${server.url}/v2/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${loadKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ texts }),
    });
    await res.text();
    running--;
    return { status: res.status, seconds: (performance.now() - loadStarted) / 1000 };
  });
  const loadedMs: number[] = [];
  // Measured only while every load runs (each has been parsed and queued after the first few hundred ms).
  await new Promise((r) => setTimeout(r, 500));
  while (running === LOADS) {
    loadedMs.push(await oneText());
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  const finished = await Promise.all(loads);
  const loaded = latencySummary(loadedMs);
  log(
    `under ${LOADS} × POST /v2/embeddings of ${EMBEDDING_TEXTS_MAX} × ${characters} characters (another workspace; ` +
      `${finished.map((f) => `${f.status} in ${f.seconds.toFixed(1)} s`).join(', ')}): ` +
      `p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms over ${loaded.requests} requests`,
  );
  const lines = [
    `1-text inference (default workspace) with the default encoder; load: ${LOADS} × ${EMBEDDING_TEXTS_MAX} × ${characters} characters on /v2/embeddings of another workspace`,
    '| server | requests | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    `| idle | ${idle.requests} | ${idle.p50.toFixed(1)} | ${idle.p99.toFixed(1)} | ${idle.max.toFixed(1)} |`,
    `| under load | ${loaded.requests} | ${loaded.p50.toFixed(1)} | ${loaded.p99.toFixed(1)} | ${loaded.max.toFixed(1)} |`,
    `| loaded / idle | | ${(loaded.p50 / idle.p50).toFixed(1)} | ${(loaded.p99 / idle.p99).toFixed(1)} | |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const label = values.label ?? `${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}-fairness`;
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(
    resolve('bench', 'results', `${label}.json`),
    `${JSON.stringify({ label, loads: LOADS, characters, idle, loaded, finished }, null, 2)}\n`,
  );
} catch (error) {
  log(`the server's output:\n${server.output().slice(-4_000)}`);
  throw error;
} finally {
  await server.stop();
}
