// Upload acceptance: one streamed CSV of N rows to /v2/datasets/{key}/uploads, timed to the 202 and to the upload's `completed`.
import { Readable } from 'node:stream';
import { textColumnCsv } from '../lib/generated-csv.js';
import type { Api } from './api.js';
import { BENCH_API_KEY } from './server.js';

export interface UploadResult {
  rows: number;
  megabytes: number;
  /** Seconds from the first byte sent to the 202 (the body streamed and parsed into upload rows). */
  receiveSeconds: number;
  /** Seconds from the 202 to `completed` (rows moved into records, classification jobs enqueued). */
  ingestSeconds: number;
  totalSeconds: number;
  rowsPerSecond: number;
  startedAt: number;
  /** performance.now() when the poll first saw `completed`: every row is accepted (and its job queued) from here. */
  completedAt: number;
}

export async function runUpload(api: Api, key: string, texts: readonly string[]): Promise<UploadResult> {
  const startedAt = performance.now();
  const res = await fetch(`${api.url}/v2/datasets/${key}/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'text/csv' },
    body: Readable.toWeb(Readable.from(textColumnCsv(texts))) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  let upload = (await res.json()) as {
    id: string;
    status: string;
    rows_stored?: number;
    bytes_received?: number;
    error?: unknown;
  };
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(upload)}`);
  const receivedAt = performance.now();
  while (upload.status === 'processing') {
    await new Promise((r) => setTimeout(r, 100));
    upload = await api.expect(200, 'GET', `/v2/datasets/${key}/uploads/${upload.id}`);
  }
  const completedAt = performance.now();
  if (upload.status !== 'completed') throw new Error(`upload ended ${upload.status}: ${JSON.stringify(upload)}`);
  const totalSeconds = (completedAt - startedAt) / 1000;
  return {
    rows: upload.rows_stored ?? 0,
    megabytes: (upload.bytes_received ?? 0) / 1e6,
    receiveSeconds: (receivedAt - startedAt) / 1000,
    ingestSeconds: (completedAt - receivedAt) / 1000,
    totalSeconds,
    rowsPerSecond: (upload.rows_stored ?? 0) / totalSeconds,
    startedAt,
    completedAt,
  };
}

/**
 * When the dataset's last record shows classifications: polls the classification jobs pending (/metrics) every 100 ms
 * and reads the last record only once none is left (and every 100 ms after, should a job have failed). Polling the last
 * record itself costs the database a count and an offset over all the dataset's records: at 50,000 records ~100 ms of
 * PGlite's only thread per poll (22 ms count + 80 ms offset, CPU), about half of the server's main thread taken from the
 * very drain it timed. Resolves with performance.now() then, or undefined past the deadline.
 */
export async function waitClassified(
  api: Api,
  key: string,
  rows: number,
  deadlineMs: number,
): Promise<number | undefined> {
  let jobsDone = false;
  while (performance.now() < deadlineMs) {
    jobsDone ||= (await api.classificationJobsPending()) === 0;
    const at = performance.now();
    if (jobsDone) {
      const tail = await api.tailClassified(key);
      if (tail.total >= rows && tail.classified) return at;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
