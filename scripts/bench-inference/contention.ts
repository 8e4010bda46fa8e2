// The fair ratio under contention: raw session.run and textclass c32 rounds alternate in time, so each HTTP round has a ceiling measured right around it.
import { loadavg } from 'node:os';
import { percentile, type RawBench, round } from '@textclass/model-tools';
import { runLoad } from './http-load.js';
import type { Child } from './servers.js';
import { batchCounters, batchUse, type BatchUse } from './batch-metrics.js';
import { snapshot, use, type ProcessUse } from './thread-stats.js';

export interface Variant {
  name: string;
  server: Child;
}

export interface ContentionSpec {
  raw: RawBench;
  variants: Variant[];
  /** The JSON body of request i carrying `size` texts. */
  body(size: number): (i: number) => string;
  headers: Record<string, string>;
  rounds: number;
  rawSeconds: number;
  httpSeconds: number;
  log(line: string): void;
}

/** One c32 HTTP loop and the raw ceiling measured right before and right after it. */
export interface ContentionRound {
  variant: string;
  textsPerSecond: number;
  p50Ms: number;
  errors: number;
  rawBefore: number;
  rawAfter: number;
  /** textsPerSecond ÷ the mean of rawBefore and rawAfter. */
  ratio: number;
  loadAverage1m: number;
  /** The server's threads during the loop (cores used, run-queue wait per second). */
  server: ProcessUse;
  /** The bench process's threads during the raw measurement right before. */
  rawProcess: ProcessUse;
  /** CPU milliseconds per text: the server's (all threads) in the loop, the bench process's in the raw run before it. */
  serverCpuMsPerText: number;
  rawCpuMsPerText: number;
  /** The server's model runs in the loop (GET /metrics). */
  batches: BatchUse;
}

export interface ContentionCell {
  condition: string;
  variant: string;
  textsPerRequest: number;
  ceilingBatch: number;
  /** Raw runs at once in the ceiling: 1 on one session, more on the worker sessions shaped as the server's. */
  ceilingInFlight: number;
  rounds: ContentionRound[];
  medianRatio: number;
  /** Mean c32 texts/s over the rounds ÷ mean raw ceiling around them. */
  ratioOfMeans: number;
  minRatio: number;
  maxRatio: number;
  medianTextsPerSecond: number;
  medianRaw: number;
}

const median = (values: number[]) => percentile(values, 50);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** A raw ceiling: its batch size and its runs at once. */
interface Ceiling {
  batch: number;
  inFlight: number;
}

/**
 * Which raw batch (8, 32), one run at a time or as many at once as the server runs, is fastest right now: the ceiling
 * this condition's rounds compare against.
 */
async function fastestCeiling(spec: ContentionSpec): Promise<Ceiling> {
  let best = { batch: 8, inFlight: 1, textsPerSecond: 0 };
  for (const batch of [8, 32])
    for (const inFlight of spec.raw.inFlightCounts) {
      const limits = { seconds: spec.rawSeconds, minRuns: 2, maxRuns: 400, warmupRuns: 1 };
      const r = await spec.raw.measure(batch, limits, inFlight);
      spec.log(`  raw batch ${batch}${inFlight > 1 ? ` x ${inFlight} at once` : ''}: ${r.textsPerSecond} texts/s`);
      if (r.textsPerSecond > best.textsPerSecond) best = r;
    }
  return { batch: best.batch, inFlight: best.inFlight };
}

interface RawRound {
  textsPerSecond: number;
  use: ProcessUse;
}

async function rawRound(spec: ContentionSpec, { batch, inFlight }: Ceiling): Promise<RawRound> {
  const before = snapshot(process.pid);
  const started = performance.now();
  const limits = { seconds: spec.rawSeconds, minRuns: 2, maxRuns: 400, warmupRuns: 0 };
  const r = await spec.raw.measure(batch, limits, inFlight);
  const seconds = (performance.now() - started) / 1000;
  return {
    textsPerSecond: r.textsPerSecond,
    use: use(process.pid, before, snapshot(process.pid), seconds),
  };
}

async function httpRound(spec: ContentionSpec, variant: Variant, size: number) {
  const { server } = variant;
  const counters = await batchCounters(server.url, spec.headers);
  const before = snapshot(server.pid);
  const started = performance.now();
  const result = await runLoad({
    url: `${server.url}/v2/models/1/inference`,
    headers: spec.headers,
    body: spec.body(size),
    textsPerRequest: size,
    concurrency: 32,
    maxRequests: 100_000,
    maxSeconds: spec.httpSeconds,
    warmupRequests: 1,
  });
  const seconds = (performance.now() - started) / 1000;
  const serverUse = use(server.pid, before, snapshot(server.pid), seconds);
  const batches = batchUse(counters, await batchCounters(server.url, spec.headers), seconds);
  return { result, serverUse, batches };
}

/**
 * For each request size: raw, then per round and variant one c32 loop followed by raw again, so every loop sits between
 * two raw measurements of the same ceiling (the fastest of batch 8 and 32, one at a time or as served, chosen at the
 * start of the condition). Variants take
 * turns in A B, B A order.
 */
export async function contentionCells(spec: ContentionSpec, condition: string): Promise<ContentionCell[]> {
  spec.log(`${condition}: choosing the ceiling batch`);
  const ceiling = await fastestCeiling(spec);
  const cells: ContentionCell[] = [];
  for (const size of [1, 8]) {
    const rounds: ContentionRound[] = [];
    let previous = await rawRound(spec, ceiling);
    for (let r = 0; r < spec.rounds; r++) {
      // A B, B A, A B, …: other work that comes and goes with a period of two loops does not always meet the same variant.
      for (const variant of r % 2 === 0 ? spec.variants : [...spec.variants].reverse()) {
        const { result, serverUse, batches } = await httpRound(spec, variant, size);
        const next = await rawRound(spec, ceiling);
        const around = (previous.textsPerSecond + next.textsPerSecond) / 2;
        const round_: ContentionRound = {
          variant: variant.name,
          textsPerSecond: result.textsPerSecond,
          p50Ms: result.p50Ms,
          errors: result.errors,
          rawBefore: previous.textsPerSecond,
          rawAfter: next.textsPerSecond,
          ratio: round(result.textsPerSecond / around, 3),
          loadAverage1m: round(loadavg()[0] ?? 0, 2),
          server: serverUse,
          rawProcess: previous.use,
          serverCpuMsPerText: round((serverUse.cores * 1000) / result.textsPerSecond, 1),
          rawCpuMsPerText: round((previous.use.cores * 1000) / previous.textsPerSecond, 1),
          batches,
        };
        rounds.push(round_);
        spec.log(
          `  ${condition} ${variant.name} c32 x ${size} round ${r + 1}: ${result.textsPerSecond} texts/s (p50 ${result.p50Ms} ms) ` +
            `between raw batch ${ceiling.batch}${ceiling.inFlight > 1 ? ` x ${ceiling.inFlight}` : ''} ${previous.textsPerSecond} / ${next.textsPerSecond}: ${round_.ratio}; ` +
            `cores server ${serverUse.cores} (waiting ${serverUse.waiting}) / raw ${previous.use.cores} (${previous.use.waiting}); ` +
            `CPU ms per text ${round_.serverCpuMsPerText} / ${round_.rawCpuMsPerText}; ${batches.textsPerRun} texts per run, ` +
            `model busy ${batches.modelBusy}; load ${round_.loadAverage1m}`,
        );
        previous = next;
      }
    }
    for (const variant of spec.variants) {
      const mine = rounds.filter((r) => r.variant === variant.name);
      const ratios = mine.map((r) => r.ratio);
      cells.push({
        condition,
        variant: variant.name,
        textsPerRequest: size,
        ceilingBatch: ceiling.batch,
        ceilingInFlight: ceiling.inFlight,
        rounds: mine,
        medianRatio: median(ratios),
        ratioOfMeans: round(
          mean(mine.map((r) => r.textsPerSecond)) / mean(mine.map((r) => (r.rawBefore + r.rawAfter) / 2)),
          3,
        ),
        minRatio: Math.min(...ratios),
        maxRatio: Math.max(...ratios),
        medianTextsPerSecond: median(mine.map((r) => r.textsPerSecond)),
        medianRaw: median(mine.map((r) => round((r.rawBefore + r.rawAfter) / 2, 1))),
      });
    }
  }
  return cells;
}
