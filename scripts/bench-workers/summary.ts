// What bench:workers reports from its rounds: CPU per request, medians per server, the 2-over-1 workers ratio.
import { round } from '@textclass/model-tools';
import type { LoadResult } from '../bench-inference/http-load.js';
import { upperMedian as median } from '../lib/latencies.js';

/** Server CPU milliseconds per request over a round (its warm-up requests ran inside the CPU window too). */
export function cpuMsPerRequest(cpuSecondsBefore: number, cpuSecondsAfter: number, requests: number): number {
  return round(((cpuSecondsAfter - cpuSecondsBefore) * 1000) / requests, 3);
}

/** One server's row: medians over its rounds. */
export function serverRow(server: string, results: readonly LoadResult[], cpuMs: readonly number[], rssMiB?: number) {
  return {
    server,
    requestsPerSecond: median(results.map((x) => x.textsPerSecond)),
    p50Ms: median(results.map((x) => x.p50Ms)),
    p99Ms: median(results.map((x) => x.p99Ms)),
    rounds: results.map((x) => x.textsPerSecond),
    cpuMsPerRequest: median(cpuMs),
    rssMiB,
  };
}

/** Per round, the two-worker server's requests/s over the one-worker server's; and their median. */
export function twoWorkersOverOne(one: readonly LoadResult[], two: readonly LoadResult[]) {
  const perRound = one.map((x, r) => round(two[r]!.textsPerSecond / x.textsPerSecond, 2));
  return { perRound, median: median(perRound) };
}
