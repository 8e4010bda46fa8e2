// tsx scripts/bench-pipeline/delivery-probe.ts: the upload backlog's delivery alone (static-multi-100d; ROWS, default 20,000; PROBE_PG=1 on TEST_DATABASE_URL; BENCH_SERVER_MAIN another build; RECV_DELAY_MS a slower receiver; PROFILE_DIR --cpu-prof): classified and delivered rows/s, webhooks per second, connections the receiver accepted.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rowTexts } from '@textclass/model-tools';
import { Api } from './api.js';
import { runUpload, waitClassified } from './upload.js';
import { startPipelineServer } from './server.js';
import { serverCpuClock } from './server-cpu.js';

const rows = Number(process.env.ROWS ?? 20000);
const db = process.env.PROBE_PG ? process.env.TEST_DATABASE_URL : undefined;
const delayMs = Number(process.env.RECV_DELAY_MS ?? 0);
const arrivals = new Map<string, number>();
let count = 0;
let connections = 0;
let open = 0;
let maxOpen = 0;
let concurrent = 0;
let maxConcurrent = 0;
const recvMs: number[] = [];
const server = createServer((req, res) => {
  const t0 = performance.now();
  concurrent++;
  maxConcurrent = Math.max(maxConcurrent, concurrent);
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    count++;
    const text = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: string }).text ?? '';
    if (!arrivals.has(text)) arrivals.set(text, at);
    recvMs.push(at - t0);
    const answer = () => {
      concurrent--;
      res.writeHead(200).end();
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
});
server.on('connection', (s) => {
  connections++;
  open++;
  maxOpen = Math.max(maxOpen, open);
  s.on('close', () => open--);
});
server.keepAliveTimeout = 30_000;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
const texts = await rowTexts('u', rows);
const srv = await startPipelineServer(db, 'static-multi-100d', process.env.PROFILE_DIR);
const cpu = serverCpuClock(srv.pid);
try {
  const api = new Api(srv.url);
  for (const id of [1, 2])
    while ((await api.call('GET', `/v2/models/${id}`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
  await api.expect(201, 'POST', '/v2/webhooks', { url, events: ['classification.completed'] });
  const set = await api.createDataset('probe', [1, 2]);
  const up = await runUpload(api, set.key, texts);
  const c0 = cpu();
  const deadline = performance.now() + 150_000;
  const classifiedAt = (await waitClassified(api, set.key, up.rows, deadline)) ?? NaN;
  const c1 = cpu();
  while (performance.now() < deadline && arrivals.size < texts.length) await new Promise((r) => setTimeout(r, 50));
  const c2 = cpu();
  const last = Math.max(...arrivals.values());
  // arrival rate per second after completed
  const perSec = new Map<number, number>();
  for (const t of arrivals.values()) {
    const s = Math.floor((t - up.completedAt) / 1000);
    perSec.set(s, (perSec.get(s) ?? 0) + 1);
  }
  recvMs.sort((a, b) => a - b);
  const classifySec = (classifiedAt - up.completedAt) / 1000;
  const deliverSec = (last - up.completedAt) / 1000;
  console.log(
    JSON.stringify({
      db: db ? 'pg' : 'pglite',
      rows: up.rows,
      received: arrivals.size,
      requests: count,
      connections,
      maxOpen,
      maxConcurrent,
      classifiedPerS: Math.round(up.rows / classifySec),
      deliveredPerS: Math.round(arrivals.size / deliverSec),
      ratio: +(classifySec / deliverSec).toFixed(3),
      classifyCpuMsPerRow: +((((c1 ?? 0) - (c0 ?? 0)) * 1000) / up.rows).toFixed(3),
      deliverCpuMsPerRow: +((((c2 ?? 0) - (c1 ?? 0)) * 1000) / up.rows).toFixed(3),
      bodyReadP50: +recvMs[Math.floor(recvMs.length / 2)]!.toFixed(2),
      perSec: [...perSec].sort((a, b) => a[0] - b[0]).map(([, n]) => n),
    }),
  );
} finally {
  await srv.stop();
  server.closeAllConnections();
  server.close();
}
