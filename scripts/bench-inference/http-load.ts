// Closed-loop HTTP load from local clients: `concurrency` loops send bounded numbers of requests over keep-alive sockets.
import { Agent, request } from 'node:http';
import { percentile, round } from '@textclass/model-tools';

export interface LoadSpec {
  /** http://127.0.0.1:PORT/path — loopback only. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body of request i (its texts come from a rotating pool). */
  body(i: number): string;
  textsPerRequest: number;
  concurrency: number;
  /** Bounds: no new request after maxRequests or maxSeconds (requests in flight then finish and count). */
  maxRequests: number;
  maxSeconds: number;
  /** Untimed requests first (connection set-up, JIT). */
  warmupRequests: number;
}

export interface LoadResult {
  concurrency: number;
  textsPerRequest: number;
  requests: number;
  errors: number;
  seconds: number;
  textsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Set by the caller at concurrency 32: the best raw batch measured right before and after these loops (mean). */
  adjacentCeiling?: { batch: number; inFlight: number; textsPerSecond: number; before: number; after: number };
  /** 1-minute load average of the machine right after the loops (other processes' share of the CPU). */
  loadAverage1m?: number;
  /** First non-200 answer, to explain errors. */
  firstError?: string;
}

function post(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: res.statusCode === 200 ? '' : Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the loops and reports throughput of successful texts and latency percentiles of all requests. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`load goes to 127.0.0.1 only, not ${url.hostname}`);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const latencies: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.min(spec.warmupRequests, spec.concurrency) }, async (_, w) => {
        for (let i = w; i < spec.warmupRequests; i += spec.concurrency)
          await post(agent, url, spec.headers, spec.body(i));
      }),
    );
    const started = performance.now();
    const deadline = started + spec.maxSeconds * 1000;
    let lastDone = started;
    const loop = async (): Promise<void> => {
      while (issued < spec.maxRequests && performance.now() < deadline) {
        const i = issued++;
        const sent = performance.now();
        const answer = await post(agent, url, spec.headers, spec.body(spec.warmupRequests + i));
        lastDone = performance.now();
        latencies.push(lastDone - sent);
        if (answer.status !== 200) {
          errors++;
          firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
        }
      }
    };
    await Promise.all(Array.from({ length: spec.concurrency }, loop));
    const seconds = (lastDone - started) / 1000;
    const ok = latencies.length - errors;
    return {
      concurrency: spec.concurrency,
      textsPerRequest: spec.textsPerRequest,
      requests: latencies.length,
      errors,
      seconds: round(seconds, 2),
      textsPerSecond: round((ok * spec.textsPerRequest) / seconds, 1),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      ...(firstError ? { firstError } : {}),
    };
  } finally {
    agent.destroy();
  }
}

export interface PairedResult {
  rounds: number;
  httpP50Ms: number;
  httpP99Ms: number;
  otherP50Ms: number;
  otherP99Ms: number;
}

/**
 * Alternates one HTTP request with one run of `other` (e.g. a raw session.run of the same batch size), so both see the
 * same moment of a shared machine; the server is idle while `other` runs.
 */
export async function pairedLatency(
  url: string,
  headers: Record<string, string>,
  body: (i: number) => string,
  rounds: number,
  other: (i: number) => Promise<number>,
): Promise<PairedResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`load goes to 127.0.0.1 only, not ${target.hostname}`);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const http: number[] = [];
  const others: number[] = [];
  try {
    for (let i = -2; i < rounds; i++) {
      const otherMs = await other(i + 2);
      const sent = performance.now();
      const answer = await post(agent, target, headers, body(1_000_000 + i));
      if (answer.status !== 200)
        throw new Error(`paired request answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      if (i < 0) continue;
      http.push(performance.now() - sent);
      others.push(otherMs);
    }
  } finally {
    agent.destroy();
  }
  return {
    rounds,
    httpP50Ms: round(percentile(http, 50)),
    httpP99Ms: round(percentile(http, 99)),
    otherP50Ms: round(percentile(others, 50)),
    otherP99Ms: round(percentile(others, 99)),
  };
}
