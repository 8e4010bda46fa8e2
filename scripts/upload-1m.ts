// Benchmark: one CSV upload of 1,000,000 generated rows (~100 MB, streamed, never materialised) to a server child process; rows/s and the server's peak RSS.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createScratchDatabase, type ScratchDatabase, startServerProcess } from '@textclass/server/testing';
import { ticketCsv } from './lib/generated-csv.js';
import { statusKiB } from './lib/proc-status.js';

const value = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(value('--rows') ?? 1_000_000);
const POSTGRES =
  value('--database-url') ?? (process.argv.includes('--postgres') ? process.env.TEST_DATABASE_URL : undefined);

/** VmHWM (peak resident set) and VmRSS of a process, in MiB. */
function memory(pid: number): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { peak: statusKiB(status, 'VmHWM') / 1024, rss: statusKiB(status, 'VmRSS') / 1024 };
}

async function main(): Promise<void> {
  let scratch: ScratchDatabase | undefined;
  if (POSTGRES) scratch = await createScratchDatabase(POSTGRES, 'upload1m');
  const server = await startServerProcess({
    env: { TEXTCLASS_PIPELINE_WORKERS: 'false', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
  });
  const pid = server.child.pid!;
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  try {
    const created = await call('POST', '/v2/datasets', {
      name: 'upload 1m',
      columns: [
        { name: 'text', type: 'text' },
        { name: 'score', type: 'number' },
        { name: 'created', type: 'timestamp' },
        { name: 'agent', type: 'text' },
      ],
      text_column: 'text',
    });
    if (created.status !== 201) throw new Error(`dataset: ${JSON.stringify(created.body)}`);
    const key = created.body.key as string;
    const before = memory(pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, memory(pid).rss);
    }, 100);
    const started = performance.now();
    const res = await fetch(`${server.url}/v2/datasets/${key}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'text/csv' },
      body: Readable.toWeb(Readable.from(ticketCsv(ROWS))) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const accepted = (await res.json()) as any;
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(accepted)}`);
    const received = performance.now();
    let upload = accepted;
    while (upload.status === 'processing') {
      await new Promise((r) => setTimeout(r, 250));
      upload = (await call('GET', `/v2/datasets/${key}/uploads/${accepted.id}`)).body;
    }
    const finished = performance.now();
    clearInterval(sampler);
    const after = memory(pid);
    const dataset = (await call('GET', `/v2/datasets/${key}`)).body;
    const seconds = (finished - started) / 1000;
    const result = {
      database: scratch ? 'postgresql' : 'pglite',
      status: upload.status,
      rows: upload.rows_stored,
      row_count: dataset.row_count,
      mb: +(upload.bytes_received / 1e6).toFixed(1),
      receive_s: +((received - started) / 1000).toFixed(1),
      ingest_s: +((finished - received) / 1000).toFixed(1),
      total_s: +seconds.toFixed(1),
      rows_per_s: Math.round(upload.rows_stored / seconds),
      rss_before_mib: Math.round(before.rss),
      rss_peak_during_mib: Math.round(peakRss),
      vmhwm_before_mib: Math.round(before.peak),
      vmhwm_after_mib: Math.round(after.peak),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (upload.status !== 'completed' || dataset.row_count !== ROWS) process.exitCode = 1;
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
