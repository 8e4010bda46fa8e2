// The bare node:http echo measured at c1 and c32 with one-text bodies: the limit textclass's per-request cost is held to.
import { loadavg } from 'node:os';
import { round } from '@textclass/model-tools';
import { runLoad, type LoadResult } from './http-load.js';
import { startBare } from './bare-server.js';
import type { Bounds } from './bounds.js';

const BARE_CONCURRENCY = [1, 32];

export async function bareRows(
  answer: string,
  body: (i: number) => string,
  bounds: Bounds,
  log: (line: string) => void,
): Promise<LoadResult[]> {
  log('bare node:http echo (same body, same-sized answer)');
  const bare = await startBare(answer);
  const rows: LoadResult[] = [];
  try {
    for (const c of BARE_CONCURRENCY) {
      const result = await runLoad({
        url: `${bare.url}/v2/models/1/inference`,
        headers: {},
        body,
        textsPerRequest: 1,
        concurrency: c,
        maxRequests: bounds.requests,
        maxSeconds: bounds.seconds,
        warmupRequests: Math.max(bounds.warmup, 1),
      });
      result.loadAverage1m = round(loadavg()[0] ?? 0, 2);
      log(
        `  bare node:http c${c} x 1: ${result.textsPerSecond} requests/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
      );
      rows.push(result);
    }
  } finally {
    await bare.stop();
  }
  return rows;
}
