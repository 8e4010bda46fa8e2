// npx tsx scripts/bench-inference/ab-builds.ts --a DIST_A --b DIST_B [--rounds N] [--seconds S] [--size 1] [--a-env K=V] [--profile-dir DIR]: two server builds side by side on the default encoder, rounds alternating A B / B A, each load's ratio to raw batch 32 measured around it.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeTexts, neuralDefaultSubject, RawBench, round, transformerSubject } from '@textclass/model-tools';
import { runLoad } from './http-load.js';
import { batchCounters, batchUse } from './batch-metrics.js';
import { snapshot, type ThreadSnapshot } from './thread-stats.js';
import { BENCH_API_KEY, startBenchServer } from './textclass-server.js';
import type { Child } from './servers.js';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '4' },
    /** Texts per request (repeatable): 1 and 8 by default. */
    size: { type: 'string', multiple: true },
    concurrency: { type: 'string', default: '32' },
    /** Each server runs under `node --cpu-prof` and writes its profile to DIR/a or DIR/b when it stops. */
    'profile-dir': { type: 'string' },
    /** Settings for one side only, KEY=VALUE (repeatable): the same build with two settings. */
    'a-env': { type: 'string', multiple: true },
    'b-env': { type: 'string', multiple: true },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
if (!values.a || !values.b) throw new Error('--a and --b name two built dist folders');
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const SIZES = (values.size ?? ['1', '8']).map(Number);
const CONCURRENCY = Number(values.concurrency);
const RAW_BATCH = 32;
/** Untimed requests before each load (their CPU is in the per-request figures, as they count among the requests). */
const WARMUP = 64;

/** Core-milliseconds between two snapshots: the main thread's (tid = pid) and the whole process's. */
function cpuMs(before: ThreadSnapshot, after: ThreadSnapshot, pid: number): { main: number; all: number } {
  let all = 0;
  for (const [tid, thread] of after) all += thread.runNs - (before.get(tid)?.runNs ?? 0);
  const main = (after.get(pid)?.runNs ?? 0) - (before.get(pid)?.runNs ?? 0);
  return { main: main / 1e6, all: all / 1e6 };
}

async function main(): Promise<void> {
  const subject = await neuralDefaultSubject();
  const transformer = await transformerSubject(resolve('.bench-cache'), 'synthetic-minilm-l12');
  const texts = makeTexts(4096, 30, (text) => transformer.tokenize(text).length);
  const raw = await RawBench.open(subject, texts, [RAW_BATCH]);
  /** Raw batch-32 texts/s, and the CPU it took (this process: onnxruntime's threads run in it) per text. */
  const rawCpu: number[] = [];
  const rawNow = async () => {
    const used = process.cpuUsage();
    const result = await raw.measure(RAW_BATCH, { seconds: 1, maxRuns: 2_000, minRuns: 5, warmupRuns: 0 });
    const { user, system } = process.cpuUsage(used);
    rawCpu.push((user + system) / 1000 / (result.runs * RAW_BATCH));
    return result.textsPerSecond;
  };
  const builds: Record<'a' | 'b', string> = { a: resolve(values.a as string), b: resolve(values.b as string) };
  const servers: Partial<Record<'a' | 'b', Child>> = {};
  const ratios: Record<string, number[]> = {};
  try {
    for (const name of ['a', 'b'] as const) {
      const profile = values['profile-dir']
        ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values['profile-dir'], name)}`]
        : [];
      servers[name] = await startBenchServer(
        {
          TEXTCLASS_DEFAULT_ENCODER: subject.id,
          TEXTCLASS_EMBEDDING_CACHE_MB: '0',
          ...Object.fromEntries((values[`${name}-env`] ?? []).map((pair) => pair.split('=', 2))),
        },
        profile,
        resolve(builds[name], 'main.js'),
      );
    }
    // One untimed load per server first (JIT, lazy set-up), so round 1 compares warm servers.
    for (const child of Object.values(servers))
      await runLoad({
        url: `${(child as Child).url}/v2/models/1/inference`,
        headers: { authorization: `Bearer ${BENCH_API_KEY}` },
        body: (i) => JSON.stringify({ texts: [texts[i % 4096]] }),
        textsPerRequest: 1,
        concurrency: CONCURRENCY,
        maxRequests: 2_000,
        maxSeconds: 2,
        warmupRequests: 1,
      });
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const size of SIZES) {
        for (const name of order) {
          const child = servers[name] as Child;
          const before = await rawNow();
          const auth = { authorization: `Bearer ${BENCH_API_KEY}` };
          const countersBefore = await batchCounters(child.url, auth);
          const threadsBefore = snapshot(child.pid);
          const result = await runLoad({
            url: `${child.url}/v2/models/1/inference`,
            headers: { authorization: `Bearer ${BENCH_API_KEY}` },
            body: (i) =>
              JSON.stringify({ texts: Array.from({ length: size }, (_, k) => texts[(i * size + k) % 4096]) }),
            textsPerRequest: size,
            concurrency: CONCURRENCY,
            maxRequests: 1_000_000,
            maxSeconds: SECONDS,
            warmupRequests: WARMUP,
          });
          const cpu = cpuMs(threadsBefore, snapshot(child.pid), child.pid);
          const use = batchUse(countersBefore, await batchCounters(child.url, auth), result.seconds);
          const after = await rawNow();
          const ratio = round(result.textsPerSecond / ((before + after) / 2), 3);
          (ratios[`${name} c${CONCURRENCY} x ${size}`] ??= []).push(ratio);
          log(
            `round ${r + 1} ${name} c${CONCURRENCY} x ${size}: ${result.textsPerSecond} texts/s, p50 ${result.p50Ms} ms, ` +
              `${result.errors} errors, main thread ${round(cpu.main / (result.requests + WARMUP), 3)} core-ms a request, ` +
              `process ${round(cpu.all / ((result.requests + WARMUP) * size), 3)} core-ms a text, ${use.textsPerRun} texts a run, model busy ${use.modelBusy}; raw b${RAW_BATCH} ${before} / ${after}; ratio ${ratio}`,
          );
        }
      }
    }
  } finally {
    for (const child of Object.values(servers)) await child?.stop();
    await raw.release();
  }
  log(
    `raw batch ${RAW_BATCH}: ${round(rawCpu.reduce((x, y) => x + y, 0) / rawCpu.length, 3)} core-ms a text (mean of ${rawCpu.length})`,
  );
  for (const size of SIZES) {
    const a = ratios[`a c${CONCURRENCY} x ${size}`] ?? [];
    const b = ratios[`b c${CONCURRENCY} x ${size}`] ?? [];
    const pairs = a.map((x, i) => round(x / (b[i] ?? NaN), 3));
    log(`c${CONCURRENCY} x ${size}: a ${a.join(' ')} | b ${b.join(' ')} | a/b per round ${pairs.join(' ')}`);
  }
}

await main();
