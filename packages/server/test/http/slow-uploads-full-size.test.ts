// The issue's own numbers at the server's default limits: 12 MB at 80 kB/s (150 s, past the old 120 s total cut)
// completes and is stored whole; an upload that stalls for 90 s (past the 60 s idle limit) is closed with 408 and a log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from './captured-log.js';
import { csvOf, throttledPost } from './throttled-post.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

const BYTES_PER_SECOND = 80_000;
const UPLOAD_BYTES = 12_000_000;
const STALL_MS = 90_000;

let server: TestServer;
const captured = captureLog();

beforeAll(async () => {
  // No timeout overrides: Node's old requestTimeout was 120 s; the body idle limit's default is 60 s.
  server = await startTestServer({ seedDemo: false }, { logger: captured.logger });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function datasetKey(name: string): Promise<string> {
  const res = await server.call('POST', '/v2/datasets', {
    body: { name, columns: [{ name: 'body', type: 'text' }], text_column: 'body' },
  });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

const target = () => ({ port: Number(new URL(server.url).port), apiKey: ADMIN_KEY });

describe.concurrent('uploads at the default limits', () => {
  it('12 MB at 80 kB/s takes 150 s and is stored whole', async () => {
    const key = await datasetKey('slow and steady');
    const { csv, rows } = csvOf(UPLOAD_BYTES);
    const exchange = await throttledPost(target(), `/v2/datasets/${key}/uploads`, 'text/csv', csv, {
      bytesPerSecond: BYTES_PER_SECOND,
    });
    expect(exchange.status, exchange.body).toBe(202);
    expect(exchange.ms).toBeGreaterThan(120_000);
    const { id } = JSON.parse(exchange.body) as { id: string };
    let upload = (await server.call('GET', `/v2/datasets/${key}/uploads/${id}`)).body;
    while (upload.status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      upload = (await server.call('GET', `/v2/datasets/${key}/uploads/${id}`)).body;
    }
    expect(upload).toMatchObject({ status: 'completed', bytes_received: csv.length, rows_stored: rows });
  }, 240_000);

  it('an upload that stalls for 90 s is closed at the 60 s idle limit with 408 and a logged reason', async () => {
    const key = await datasetKey('stalled');
    const { csv } = csvOf(1_000_000);
    const path = `/v2/datasets/${key}/uploads`;
    const stalled = throttledPost(target(), path, 'text/csv', csv, {
      bytesPerSecond: BYTES_PER_SECOND,
      stallAfter: 200_000,
    });
    // The client would go on after 90 s; the server must not wait for it.
    const exchange = await Promise.race([
      stalled,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_500 + STALL_MS)),
    ]);
    expect(exchange?.status, 'closed before the client stalled for 90 s').toBe(408);
    expect(exchange?.ms).toBeGreaterThanOrEqual(60_000);
    expect(exchange?.ms).toBeLessThan(2_500 + STALL_MS);
    expect(captured.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        path,
        msg: 'request body timed out: no bytes arrived for 60000 ms; connection closed',
      }),
    );
    const records = await server.call('GET', `/v2/datasets/${key}/records?limit=1`);
    expect(records.body.total).toBe(0);
  }, 240_000);
});
