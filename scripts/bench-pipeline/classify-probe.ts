// tsx scripts/bench-pipeline/classify-probe.ts [--database-url URL] [--rows N] [--encoder ID] [--profile-dir DIR] [--probe-latency]: the upload backlog's classify stage alone, in server CPU ms per row (whole process, main thread, and PostgreSQL's backends), with the window's monotonic bounds for a CPU profile; BENCH_SERVER_MAIN runs another build.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile, round, rowTexts } from '@textclass/model-tools';
import { cpuSecondsOfStat } from '../lib/proc-status.js';
import { Api } from './api.js';
import { startTimedReceiver, type TimedReceiver } from './receiver.js';
import { startPipelineServer } from './server.js';
import { runItemLoad } from './item-load.js';
import { runUpload, waitClassified } from './upload.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rows: { type: 'string', default: '20000' },
    encoder: { type: 'string', default: 'static-multi-100d' },
    'profile-dir': { type: 'string' },
    // Webhooks go to a receiver that never answers: the classify stage runs alone (the outbox is still written).
    'hold-webhooks': { type: 'boolean', default: false },
    // Item rows instead of an upload: 8 writers POST 8 rows a call to the item endpoint (the window: first call to last classified).
    items: { type: 'boolean', default: false },
    // One request at a time beside the classify window, GET /v2/models/1 and a one-text inference in turn: how long
    // the API keeps a caller waiting while the pipeline runs (p50/p99 ms of each).
    'probe-latency': { type: 'boolean', default: false },
  },
});

/** CPU seconds of /proc/PID[/task/TID]/stat; undefined once the process is gone. */
function cpuSeconds(path: string): number | undefined {
  try {
    return cpuSecondsOfStat(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving one database (read from /proc, the cluster on this machine), polled
 * every 200 ms so that a backend's seconds are kept after it exits; `total()` reads them all now.
 */
async function backendClock(
  baseUrl: string,
  database: string,
): Promise<{ total(): Promise<number>; stop(): Promise<void> }> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  const seen = new Map<number, number>();
  const poll = async () => {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      database,
    ]);
    for (const { pid } of rows) {
      const s = cpuSeconds(`/proc/${pid}/stat`);
      if (s !== undefined) seen.set(pid, Math.max(s, seen.get(pid) ?? 0));
    }
    return [...seen.values()].reduce((a, b) => a + b, 0);
  };
  let polling = Promise.resolve(0);
  const timer = setInterval(() => (polling = polling.then(poll)), 200);
  return {
    total: () => (polling = polling.then(poll)),
    async stop() {
      clearInterval(timer);
      await polling;
      await client.end();
    },
  };
}

/** A webhook receiver that reads each request and never answers it (closed at the end of the run). */
async function startHoldingReceiver(): Promise<
  Pick<TimedReceiver, 'url' | 'count' | 'waitFor' | 'close' | 'arrivals'>
> {
  const server = createServer((req) => req.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => 0,
    waitFor: () => Promise.resolve(0),
    arrivals: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const rows = Number(values.rows);
const baseUrl = values['database-url'];
const hold = values['hold-webhooks'];
const receiver = hold ? await startHoldingReceiver() : await startTimedReceiver();
const texts = await rowTexts('u', rows);
const srv = await startPipelineServer(baseUrl, values.encoder, values['profile-dir']);
const backends =
  baseUrl && srv.databaseUrl ? await backendClock(baseUrl, new URL(srv.databaseUrl).pathname.slice(1)) : undefined;
try {
  const api = new Api(srv.url);
  for (const id of [1, 2])
    while ((await api.call('GET', `/v2/models/${id}`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
  await api.expect(201, 'POST', '/v2/webhooks', { url: receiver.url, events: ['classification.completed'] });
  const set = await api.createDataset('probe', [1, 2]);
  const items = values.items;
  const read = async () => ({
    at: process.hrtime.bigint() / 1000n,
    process: cpuSeconds(`/proc/${srv.pid}/stat`) ?? Number.NaN,
    main: cpuSeconds(`/proc/${srv.pid}/task/${srv.pid}/stat`) ?? Number.NaN,
    postgres: backends ? await backends.total() : Number.NaN,
    threads: new Map(
      readdirSync(`/proc/${srv.pid}/task`).map((tid) => [
        tid,
        cpuSeconds(`/proc/${srv.pid}/task/${tid}/stat`) ?? Number.NaN,
      ]),
    ),
  });
  const itemStart = items ? await read() : undefined;
  let accept: Record<string, number> | undefined;
  const up = items
    ? await runItemLoad(api, set.id, texts, { concurrency: 8, rowsPerCall: 8, maxRows: rows, maxSeconds: 120 }).then(
        async (load) => {
          // The accept window alone (first call to last answer; the classify stage runs beside it).
          const end = await read();
          const start = itemStart ?? end;
          const perRow = (key: 'process' | 'main' | 'postgres') =>
            round(((end[key] - start[key]) * 1000) / load.rowsAccepted, 3);
          accept = {
            rowsPerS: Math.round(load.rowsPerSecond),
            callP50Ms: round(percentile(load.callMs, 50), 1),
            callP99Ms: round(percentile(load.callMs, 99), 1),
            serverCpuMsPerRow: perRow('process'),
            mainThreadMsPerRow: perRow('main'),
            postgresCpuMsPerRow: perRow('postgres'),
          };
          return { rows: load.rowsAccepted, completedAt: load.startedAt };
        },
      )
    : await runUpload(api, set.key, texts);
  // SIGNAL_WINDOW=1: the server gets SIGUSR2 at the window's start and end (for a diagnostic preload that listens).
  const signal = () => process.env.SIGNAL_WINDOW && process.kill(srv.pid, 'SIGUSR2');
  signal();
  const before = itemStart ?? (await read());
  const deadline = performance.now() + 150_000;
  let probing = values['probe-latency'];
  const probed = { model: [] as number[], inference: [] as number[] };
  const probe = (async () => {
    for (let i = 0; probing; i++) {
      const started = performance.now();
      if (i % 2 === 0) await api.expect(200, 'GET', '/v2/models/1');
      else
        await api.expect(200, 'POST', '/v2/models/1/inference', { texts: [`probe ${i}: ${texts[i % texts.length]}`] });
      (i % 2 === 0 ? probed.model : probed.inference).push(performance.now() - started);
    }
  })();
  const classifiedAt = (await waitClassified(api, set.key, up.rows, deadline)) ?? Number.NaN;
  probing = false;
  await probe;
  const after = await read();
  signal();
  const received = hold ? 0 : await receiver.waitFor(texts, deadline);
  // Encoder batches the classify stage ran (texts per batch from the server's histogram): how small the batches were.
  const metrics = await (await fetch(`${srv.url}/metrics`)).text();
  const metric = (name: string) =>
    [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'gm'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  const encoderBatches = metric('textclass_inference_batch_texts_count');
  // Through the last webhook: the delivery stage's tail too (what it costs a row, and whether it keeps up).
  const delivered = hold ? undefined : await read();
  const lastWebhookAt = hold
    ? Number.NaN
    : Math.max(...texts.slice(0, up.rows).map((t) => receiver.arrivals.get(t) ?? 0));
  const perRow = (key: 'process' | 'main' | 'postgres', end = after) =>
    Number((((end[key] - before[key]) * 1000) / up.rows).toFixed(3));
  const classifiedPerS = up.rows / ((classifiedAt - up.completedAt) / 1000);
  const deliveredPerS = up.rows / ((lastWebhookAt - up.completedAt) / 1000);
  console.log(
    JSON.stringify({
      build: process.env.BENCH_SERVER_MAIN || 'packages/server/dist/main.js',
      database: srv.database,
      encoder: values.encoder,
      delivery: hold ? 'held' : 'beside',
      rowsFrom: items ? 'item endpoint' : 'upload',
      rows: up.rows,
      classifiedPerS: Math.round(classifiedPerS),
      ...(values['probe-latency']
        ? {
            latencyMs: Object.fromEntries(
              Object.entries(probed).map(([name, ms]) => [
                name,
                { n: ms.length, p50: round(percentile(ms, 50), 1), p99: round(percentile(ms, 99), 1) },
              ]),
            ),
          }
        : {}),
      serverCpuMsPerRow: perRow('process'),
      mainThreadMsPerRow: perRow('main'),
      postgresCpuMsPerRow: perRow('postgres'),
      ...(accept ? { accept } : {}),
      ...(delivered === undefined
        ? {}
        : {
            deliveredPerS: Math.round(deliveredPerS),
            webhooksOverClassified: Number((deliveredPerS / classifiedPerS).toFixed(3)),
            // CPU ms a row from the window's start to the last webhook's check (the delivery tail included).
            throughDelivery: {
              serverCpuMsPerRow: perRow('process', delivered),
              postgresCpuMsPerRow: perRow('postgres', delivered),
            },
          }),
      // The busiest threads over the classify window (share of one core; tid less the process id: 0 is the main thread).
      busiestThreads: Object.fromEntries(
        [...after.threads]
          .map(([tid, cpu]): [string, number] => [
            String(Number(tid) - srv.pid),
            (cpu - (before.threads.get(tid) ?? 0)) / ((classifiedAt - up.completedAt) / 1000),
          ])
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([tid, share]) => [tid, Number(share.toFixed(2))]),
      ),
      encoderBatches,
      textsPerEncoderBatch: Number((metric('textclass_inference_batch_texts_sum') / encoderBatches).toFixed(1)),
      received,
      duplicates: receiver.count() - received,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      // The classify window in the monotonic clock of CPU profiles (µs), for profile-top.ts --from/--to.
      windowUs: [String(before.at), String(after.at)],
    }),
  );
} finally {
  await backends?.stop();
  // Held sends fail at once when their connections close, so the server stops (and writes its profile) promptly.
  if (hold) await receiver.close();
  await srv.stop();
  if (!hold) await receiver.close();
}
