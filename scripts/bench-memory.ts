// npm run bench:memory [-- --requests N] [--idle S] [--label NAME] [--heap-summary ready|idle] [--only default|static]: the built server's memory on a
// fresh data dir (default settings, a high rate limit) at ready, after N mixed requests and after an idle pause, for the
// default encoder and with static-multi-100d as the default (also 12 s after ready, before any request); RSS and peak from /proc, heap and external from /metrics;
// --heap-summary ready: a heap snapshot 12 s after ready (after its sample; it inflates the later ones), summarised;
// --heap-summary idle: one after the idle sample.
// --worst-case only|skip: the largest requests the contract allows (200 texts on /v2/embeddings and 8 × 10,000 characters
// on inference, each alone on a settled fresh server): RSS before, peak during, and 60 s after (default: run after the mix).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mixedRequest } from './lib/memory-mix.js';
import type { ProcessMemory } from './lib/proc-status.js';
import { BENCH_API_KEY, startBenchServer } from './bench-inference/textclass-server.js';
import { largestTexts, INFERENCE_TEXTS_MAX, EMBEDDING_TEXTS_MAX } from './long-texts.js';
import { heapSummaryMarkdown, signalHeapSnapshot, summariseHeapSnapshot, type HeapSummary } from './heap-summary.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    idle: { type: 'string', default: '30' },
    label: { type: 'string' },
    'heap-summary': { type: 'string' },
    only: { type: 'string' },
    'worst-case': { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const IDLE_SECONDS = Number(values.idle);
const CONCURRENCY = 8;
const SETTLE_SECONDS = 12;
const MiB = 2 ** 20;
const headers = { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' };
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Texts of the evaluation sets, many languages; a counter makes each request's texts new to the embedding cache. */
const pool = ['support-intents', 'sentiment'].flatMap((set) =>
  readFileSync(resolve('eval', 'sets', `${set}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { text: string }).text),
);
const text = (i: number) => `${pool[i % pool.length] as string} #${i}`;

interface Sample {
  rssMiB: number;
  /** The file-backed part of RSS (code, memory-mapped static tables): clean pages the kernel can drop. */
  fileRssMiB: number;
  peakRssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  /** V8's young generation (two semi-spaces), committed: the quiet-time collection shrinks it. */
  youngMiB: number;
  externalMiB: number;
}

async function sample(url: string, memory: () => ProcessMemory | undefined): Promise<Sample> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const gauge = (name: string) => {
    const match = new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(metrics);
    return match ? Math.round(Number(match[1]) / MiB) : Number.NaN;
  };
  const proc = memory();
  return {
    rssMiB: proc?.rssMiB ?? gauge('process_resident_memory_bytes'),
    fileRssMiB: proc?.fileRssMiB ?? Number.NaN,
    peakRssMiB: proc?.peakRssMiB ?? Number.NaN,
    heapUsedMiB: gauge('nodejs_heap_size_used_bytes'),
    heapTotalMiB: gauge('nodejs_heap_size_total_bytes'),
    youngMiB: gauge('nodejs_heap_space_size_total_bytes\\{space="new"\\}'),
    externalMiB: gauge('nodejs_external_memory_bytes'),
  };
}

async function load(
  url: string,
): Promise<{ seconds: number; errors: number; statuses: Record<string, number>; firstErrors: Record<string, string> }> {
  let next = 0;
  let errors = 0;
  const statuses: Record<string, number> = {};
  const firstErrors: Record<string, string> = {};
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const { path, method, body } = mixedRequest(i, text);
        const res = await fetch(`${url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 400) {
          errors++;
          firstErrors[`${method} ${path}`] ??= answer.slice(0, 300);
        }
      }
    }),
  );
  return { seconds: (Date.now() - started) / 1000, errors, statuses, firstErrors };
}

/** The server's heap now, summarised (the snapshot file is removed). */
async function heapAt(pid: number, dir: string): Promise<HeapSummary> {
  const file = await signalHeapSnapshot(pid, dir);
  try {
    return await summariseHeapSnapshot(file);
  } finally {
    rmSync(file, { force: true });
  }
}

async function measure(defaultEncoder: string | undefined) {
  const started = Date.now();
  if (![undefined, 'ready', 'idle'].includes(values['heap-summary'])) throw new Error('--heap-summary: ready or idle');
  const snapshotDir = values['heap-summary'] ? mkdtempSync(join(tmpdir(), 'textclass-heap-')) : undefined;
  const server = await startBenchServer(
    defaultEncoder ? { TEXTCLASS_DEFAULT_ENCODER: defaultEncoder } : {},
    snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [],
  );
  try {
    const readySeconds = (Date.now() - started) / 1000;
    const ready = await sample(server.url, server.memory);
    log(`  ready in ${readySeconds.toFixed(1)} s: RSS ${ready.rssMiB} MiB (file-backed ${ready.fileRssMiB})`);
    // The server's first quiet-time collection comes 5–10 s after ready (app/process/quiet-collector.ts).
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    const settled = await sample(server.url, server.memory);
    log(`  ${SETTLE_SECONDS} s later, no requests: RSS ${settled.rssMiB} MiB (file-backed ${settled.fileRssMiB})`);
    const heap = snapshotDir && values['heap-summary'] === 'ready' ? await heapAt(server.pid, snapshotDir) : undefined;
    if (heap) log(heapSummaryMarkdown(heap));
    const run = await load(server.url);
    const loaded = await sample(server.url, server.memory);
    log(
      `  ${REQUESTS} requests in ${run.seconds.toFixed(1)} s (${JSON.stringify(run.statuses)}): RSS ${loaded.rssMiB} MiB (file-backed ${loaded.fileRssMiB})`,
    );
    for (const [what, answer] of Object.entries(run.firstErrors)) log(`    first error of ${what}: ${answer}`);
    for (let waited = 0; waited < IDLE_SECONDS; waited += 5) {
      await new Promise((r) => setTimeout(r, Math.min(5, IDLE_SECONDS - waited) * 1000));
      const now = await sample(server.url, server.memory);
      log(
        `    idle ${Math.min(waited + 5, IDLE_SECONDS)} s: RSS ${now.rssMiB}, heap ${now.heapUsedMiB} / ${now.heapTotalMiB} (young ${now.youngMiB}), external ${now.externalMiB}`,
      );
    }
    const idle = await sample(server.url, server.memory);
    log(`  after ${IDLE_SECONDS} s idle: RSS ${idle.rssMiB} MiB (file-backed ${idle.fileRssMiB})`);
    const idleHeap =
      snapshotDir && values['heap-summary'] === 'idle' ? await heapAt(server.pid, snapshotDir) : undefined;
    if (idleHeap) log(heapSummaryMarkdown(idleHeap));
    return {
      defaultEncoder: defaultEncoder ?? 'built-in default',
      readySeconds,
      ready,
      settled,
      loaded,
      idle,
      run,
      heap: heap ?? idleHeap,
    };
  } finally {
    await server.stop();
    if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
  }
}

const AFTER_SECONDS = 60;

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux: clear_refs 5); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Each of the largest requests on its own fresh server, 12 s after ready: RSS before, the peak during the request
 * (VmHWM reset first; else RSS polled every 20 ms) and RSS 60 s after its answer.
 */
async function measureWorstCase(defaultEncoder: string | undefined) {
  const requests = [
    { path: '/v2/embeddings', texts: largestTexts(0, EMBEDDING_TEXTS_MAX) },
    { path: '/v2/models/1/inference', texts: largestTexts(1_000, INFERENCE_TEXTS_MAX) },
  ];
  const rows = [];
  for (const { path, texts } of requests) {
    const server = await startBenchServer(defaultEncoder ? { TEXTCLASS_DEFAULT_ENCODER: defaultEncoder } : {});
    try {
      await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
      const rss = () => server.memory()?.rssMiB ?? Number.NaN;
      const beforeMiB = rss();
      const exact = resetPeak(server.pid);
      let polled = beforeMiB;
      const poll = exact ? undefined : setInterval(() => (polled = Math.max(polled, rss())), 20);
      const started = Date.now();
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify({ texts }) });
      await res.text();
      const seconds = (Date.now() - started) / 1000;
      clearInterval(poll);
      const peakMiB = exact ? (server.memory()?.peakRssMiB ?? Number.NaN) : polled;
      const request = `POST ${path}, ${texts.length} × ${(texts[0] as string).length} characters`;
      log(`  ${request}: ${res.status} in ${seconds.toFixed(1)} s; RSS ${beforeMiB} → peak ${peakMiB} MiB`);
      for (let waited = 0; waited < AFTER_SECONDS; waited += 10) {
        await new Promise((r) => setTimeout(r, 10_000));
        log(`    ${waited + 10} s later: RSS ${rss()} MiB`);
      }
      const later = await sample(server.url, server.memory);
      rows.push({ request, status: res.status, seconds, beforeMiB, peakMiB, afterMiB: rss(), later });
    } finally {
      await server.stop();
    }
  }
  return { defaultEncoder: defaultEncoder ?? 'built-in default', rows };
}

const results = [];
const worstCases = [];
const servers: Record<string, string | undefined> = { default: undefined, static: 'static-multi-100d' };
if (values.only !== undefined && !(values.only in servers)) throw new Error('--only: default or static');
if (![undefined, 'only', 'skip'].includes(values['worst-case'])) throw new Error('--worst-case: only or skip');
for (const [name, encoder] of Object.entries(servers)) {
  if (values.only !== undefined && values.only !== name) continue;
  if (values['worst-case'] !== 'only') {
    log(`server with ${encoder ?? 'the built-in default encoder'}`);
    results.push(await measure(encoder));
  }
  if (values['worst-case'] !== 'skip') {
    log(`worst-case requests, server with ${encoder ?? 'the built-in default encoder'}`);
    worstCases.push(await measureWorstCase(encoder));
  }
}
const row = (name: string, s: Sample) =>
  `| ${name} | ${s.rssMiB} | ${s.fileRssMiB} | ${s.peakRssMiB} | ${s.heapUsedMiB} / ${s.heapTotalMiB} (young ${s.youngMiB}) | ${s.externalMiB} | ${s.rssMiB - s.heapTotalMiB - s.externalMiB} |`;
const lines = results.flatMap((r) => [
  `\n${r.defaultEncoder} (ready in ${r.readySeconds.toFixed(1)} s; ${REQUESTS} requests at c${CONCURRENCY} in ${r.run.seconds.toFixed(1)} s, ${r.run.errors} errors)`,
  '| moment | RSS MiB | of which file-backed | peak RSS MiB | V8 heap used / total MiB (young generation) | external MiB | rest (native) MiB |',
  '|---|---|---|---|---|---|---|',
  row('ready', r.ready),
  row(`ready + ${SETTLE_SECONDS} s, no requests`, r.settled),
  row(`after ${REQUESTS} mixed requests`, r.loaded),
  row(`after ${IDLE_SECONDS} s idle`, r.idle),
]);
const worstLines = worstCases.flatMap((w) => [
  `\n${w.defaultEncoder}: the largest requests the contract allows, each on a settled fresh server (RSS from /proc; peak: VmHWM reset before the request)`,
  `| request | status | seconds | RSS before MiB | peak RSS MiB | RSS ${AFTER_SECONDS} s later MiB | later / before | then: V8 heap total / external / rest MiB |`,
  '|---|---|---|---|---|---|---|---|',
  ...w.rows.map(
    (r) =>
      `| ${r.request} | ${r.status} | ${r.seconds.toFixed(1)} | ${r.beforeMiB} | ${r.peakMiB} | ${r.afterMiB} | ${(r.afterMiB / r.beforeMiB).toFixed(2)} | ${r.later.heapTotalMiB} / ${r.later.externalMiB} / ${r.later.rssMiB - r.later.heapTotalMiB - r.later.externalMiB} |`,
  ),
]);
process.stdout.write(`${[...lines, ...worstLines].join('\n')}\n`);
const label = values.label ?? `${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}-memory`;
mkdirSync(resolve('bench', 'results'), { recursive: true });
writeFileSync(
  resolve('bench', 'results', `${label}.json`),
  `${JSON.stringify({ label, requests: REQUESTS, idleSeconds: IDLE_SECONDS, results, worstCases }, null, 2)}\n`,
);
