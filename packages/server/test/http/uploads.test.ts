// File uploads end to end: CSV and JSON Lines mapped onto columns, all-or-nothing failures with line numbers, 409 while processing, limits.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

const MAX_BYTES = 64 * 1024;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: MAX_BYTES });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const columns = [
  { name: 'body', type: 'text' },
  { name: 'score', type: 'number' },
  { name: 'created', type: 'timestamp' },
  { name: 'agent', type: 'text' },
];

async function createDataset(): Promise<string> {
  const res = await server.call('POST', '/v2/datasets', { body: { name: 'uploads', columns, text_column: 'body' } });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

const upload = (key: string, raw: string | Buffer, contentType: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v2/datasets/${key}/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': contentType, ...headers },
    body: raw,
  });

/** Polls the progress endpoint until the upload has ended. */
async function settled(key: string, id: string): Promise<any> {
  for (;;) {
    const res = await server.call('GET', `/v2/datasets/${key}/uploads/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'processing') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function accepted(
  key: string,
  raw: string | Buffer,
  contentType: string,
  headers?: Record<string, string>,
): Promise<any> {
  const res = await upload(key, raw, contentType, headers);
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(202);
  expect(body).toMatchObject({
    dataset_id: key,
    status: 'processing',
    rows_stored: 0,
    error: null,
    completed_at: null,
  });
  return settled(key, body.id);
}

const valuesOf = async (key: string) =>
  ((await server.call('GET', `/v2/datasets/${key}/records?limit=100`)).body.data as Array<{ values: unknown }>).map(
    (r) => r.values,
  );

describe('CSV uploads', () => {
  it('keeps quoted commas, quotes and line breaks, drops unknown columns, nulls missing and empty ones, checks types', async () => {
    const key = await createDataset();
    const csv =
      'body,score,created,extra\r\n' +
      '"Charged twice, ""again"".\nPlease refund.",4.5,2026-01-12T10:15:00Z,dropped\r\n' +
      '\r\n' +
      'Where is my parcel?,,,x\r\n' +
      'plain, 7 ,2026-01-12,y\r\n';
    const done = await accepted(key, csv, 'text/csv');
    expect(done).toMatchObject({
      status: 'completed',
      rows_received: 3,
      rows_stored: 3,
      bytes_received: Buffer.byteLength(csv),
      error: null,
    });
    expect(done.completed_at).toEqual(expect.any(String));
    expect(await valuesOf(key)).toEqual([
      { body: 'Charged twice, "again".\nPlease refund.', score: 4.5, created: '2026-01-12T10:15:00Z', agent: null },
      { body: 'Where is my parcel?', score: null, created: null, agent: null },
      { body: 'plain', score: 7, created: '2026-01-12', agent: null },
    ]);
    expect((await server.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 3 });
  });

  it('fails on a bad line with its line number and the column, storing no row of the upload', async () => {
    const key = await createDataset();
    const csv = 'body,score\nfirst,1\n"two\nlines",2\nthird,n/a\nfourth,4\n';
    const done = await accepted(key, csv, 'text/csv');
    expect(done).toMatchObject({
      status: 'failed',
      rows_stored: 0,
      error: { line: 5, message: 'column "score": expected a number, got "n/a"' },
    });
    expect(await valuesOf(key)).toEqual([]);
    expect((await server.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 0 });
  });

  it('fails malformed CSV, a header naming no column and a bad timestamp at their lines', async () => {
    const key = await createDataset();
    expect((await accepted(key, 'body,score\nok,1\n"unclosed,2\n', 'text/csv')).error).toMatchObject({ line: 3 });
    expect((await accepted(key, 'a,b\n1,2\n', 'text/csv')).error).toMatchObject({
      line: 1,
      message: expect.stringContaining('none of the dataset'),
    });
    expect((await accepted(key, 'body,created\nok,yesterday\n', 'text/csv')).error).toEqual({
      line: 2,
      message: 'column "created": expected an ISO 8601 timestamp',
    });
    expect(await valuesOf(key)).toEqual([]);
  });

  it('accepts a gzip body', async () => {
    const key = await createDataset();
    const csv = 'text,agent\nzipped,a-1\n';
    const done = await accepted(key, gzipSync(csv), 'text/csv', { 'Content-Encoding': 'gzip' });
    expect(done).toMatchObject({ status: 'completed', rows_stored: 1, bytes_received: csv.length });
    expect(await valuesOf(key)).toEqual([{ body: 'zipped', score: null, created: null, agent: 'a-1' }]);
  });
});

describe('JSON Lines uploads', () => {
  it('maps objects like the row endpoints: `text` fills the text column, unknown fields dropped, blank lines skipped', async () => {
    const key = await createDataset();
    const jsonl =
      '{"text": "one", "score": 1, "extra": "x"}\r\n\n{"body": "two", "created": "2026-01-12T10:15:00Z", "agent": null}\n{"agent": "a-3"}';
    const done = await accepted(key, jsonl, 'application/x-ndjson');
    expect(done).toMatchObject({ status: 'completed', rows_received: 3, rows_stored: 3 });
    expect(await valuesOf(key)).toEqual([
      { body: 'one', score: 1, created: null, agent: null },
      { body: 'two', score: null, created: '2026-01-12T10:15:00Z', agent: null },
      { body: null, score: null, created: null, agent: 'a-3' },
    ]);
  });

  it('fails on invalid JSON, a non-object or a wrong type at the line, storing nothing', async () => {
    const key = await createDataset();
    expect((await accepted(key, '{"body": "ok"}\n\n{"body": \n', 'application/x-ndjson')).error).toEqual({
      line: 3,
      message: 'not valid JSON',
    });
    expect((await accepted(key, '{"body": "ok"}\n[1]\n', 'application/x-ndjson')).error).toEqual({
      line: 2,
      message: 'expected a JSON object',
    });
    expect((await accepted(key, '{"body": "ok"}\n{"score": "7"}\n', 'application/x-ndjson')).error).toEqual({
      line: 2,
      message: 'column "score": expected a number',
    });
    expect(await valuesOf(key)).toEqual([]);
  });
});

describe('text that cannot be stored', () => {
  it('fails a line with a NUL or a lone surrogate as a validation error at that line, naming the column, storing nothing', async () => {
    const key = await createDataset();
    const message = (column: string) =>
      `column "${column}": contains U+0000 or an unpaired UTF-16 surrogate, which cannot be stored`;
    expect((await accepted(key, 'body,agent\nok,a\nok,a\u0000b\n', 'text/csv')).error).toEqual({
      line: 3,
      message: message('agent'),
    });
    expect(
      (await accepted(key, '{"body": "ok"}\n{"body": "nul \\u0000 here"}\n', 'application/x-ndjson')).error,
    ).toEqual({
      line: 2,
      message: message('body'),
    });
    expect(
      (await accepted(key, '{"body": "ok"}\n\n{"text": "lone \\ud800 high"}\n', 'application/x-ndjson')).error,
    ).toEqual({ line: 3, message: message('body') });
    expect((await accepted(key, '{"agent": "lone \\udc00 low"}\n', 'application/x-ndjson')).error).toEqual({
      line: 1,
      message: message('agent'),
    });
    // A pair is a character, and a NUL in a field that is not a column is dropped with the field.
    const done = await accepted(key, '{"body": "pair \\ud83d\\ude00", "extra": "\\u0000"}\n', 'application/x-ndjson');
    expect(done).toMatchObject({ status: 'completed', rows_stored: 1 });
    expect(await valuesOf(key)).toEqual([{ body: 'pair \u{1F600}', score: null, created: null, agent: null }]);
    expect((await server.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 1 });
  });
});

describe('the dataset while an upload is processing', () => {
  it('refuses other uploads and row writes with 409 until the upload ends', async () => {
    const key = await createDataset();
    let push!: (chunk: string | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk)));
      },
    });
    const first = fetch(`${server.url}/v2/datasets/${key}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'text/csv' },
      body,
      duplex: 'half',
    } as RequestInit);
    push('body\nfirst row\n');
    while ((await server.call('GET', `/v2/datasets/${key}`)).body.status !== 'processing')
      await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await upload(key, 'body\nother\n', 'text/csv');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error_code: 'DATASET_PROCESSING' });
    expect((await server.call('POST', `/v2/datasets/${key}/records`, { body: { text: 'a record' } })).status).toBe(409);
    push('second row\n');
    push(null);
    const res = await first;
    expect(res.status).toBe(202);
    const done = await settled(key, ((await res.json()) as any).id);
    expect(done).toMatchObject({ status: 'completed', rows_stored: 2 });
    expect((await server.call('GET', `/v2/datasets/${key}`)).body.status).toBe('ready');
    expect((await server.call('POST', `/v2/datasets/${key}/records`, { body: { text: 'a record' } })).status).toBe(201);
  });
});

describe('refused uploads', () => {
  it('answers 413 over TEXTCLASS_UPLOAD_MAX_BYTES (declared or after gzip decoding) and leaves the dataset ready', async () => {
    const key = await createDataset();
    const big = `body\n${'x'.repeat(MAX_BYTES)}\n`;
    const declared = await upload(key, big, 'text/csv');
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      error_code: 'PAYLOAD_TOO_LARGE',
      message: `body: the upload is larger than ${MAX_BYTES} bytes`,
    });
    const zipped = await upload(key, gzipSync(big), 'text/csv', { 'Content-Encoding': 'gzip' });
    expect(zipped.status).toBe(413);
    expect((await server.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 0 });
    expect((await accepted(key, 'body\nfits\n', 'text/csv')).status).toBe('completed');
  });

  it('lets a client that sends a whole over-limit body finish sending and read its 413: the rest is drained, not reset', async () => {
    const key = await createDataset();
    // Larger than the sockets' buffers: the client is still writing when the answer comes, as Dredd's was.
    const body = Buffer.from(`body\n${'x'.repeat(64 * MAX_BYTES)}\n`);
    const port = Number(new URL(server.url).port);
    const exchanges = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = connect(port, '127.0.0.1');
        const received: Buffer[] = [];
        const answered = new Promise<string>((resolve) => {
          socket.on('data', (chunk: Buffer) => {
            received.push(chunk);
            if (Buffer.concat(received).includes('\r\n\r\n')) resolve(Buffer.concat(received).toString());
          });
          socket.on('close', () => resolve(Buffer.concat(received).toString()));
        });
        socket.on('error', () => undefined);
        socket.write(
          `POST /v2/datasets/${key}/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n` +
            `Content-Type: text/csv\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        const sent = new Promise<string>((resolve) =>
          socket.write(body, (err) => resolve(err ? `write failed: ${(err as NodeJS.ErrnoException).code}` : 'sent')),
        );
        const [answer, writing] = await Promise.all([answered, sent]);
        socket.destroy();
        return { status: /^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1], writing };
      }),
    );
    expect(exchanges).toEqual(Array.from({ length: 4 }, () => ({ status: '413', writing: 'sent' })));
  });

  it('answers 415 to another content type, 400 to an unknown encoding or a body that is not gzip', async () => {
    const key = await createDataset();
    const plain = await upload(key, 'body\nx\n', 'text/plain');
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({
      error_code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('text/csv'),
    });
    expect((await upload(key, 'body\nx\n', 'text/csv', { 'Content-Encoding': 'br' })).status).toBe(400);
    expect((await upload(key, 'body\nx\n', 'text/csv', { 'Content-Encoding': 'gzip' })).status).toBe(400);
    expect((await server.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 0 });
  });

  it('answers 404 for an unknown dataset or upload, and 403 to a reader', async () => {
    const key = await createDataset();
    expect((await upload('ds_999999', 'body\nx\n', 'text/csv')).status).toBe(404);
    const missing = await server.call('GET', `/v2/datasets/${key}/uploads/up_999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe('NOT_FOUND');
    const reader = await server.createKey(server.workspace, 'reader');
    const res = await fetch(`${server.url}/v2/datasets/${key}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${reader}`, 'Content-Type': 'text/csv' },
      body: 'body\nx\n',
    });
    expect(res.status).toBe(403);
  });
});

describe('listing uploads', () => {
  it('lists a dataset’s uploads newest first, each as its single view shows it, paginated', async () => {
    const key = await createDataset();
    const empty = await server.call('GET', `/v2/datasets/${key}/uploads`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], total: 0, offset: 0, limit: 20, has_more: false });
    const first = await accepted(key, 'body,score\nfine,1\nalso fine,2\n', 'text/csv');
    const second = await accepted(key, 'body,score\nok,1\nbad,not a number\n', 'text/csv');
    const third = await accepted(key, '{"body":"json line"}\n', 'application/x-ndjson');
    expect(second.status).toBe('failed');

    const all = await server.call('GET', `/v2/datasets/${key}/uploads`);
    expect(all.status).toBe(200);
    const views = await Promise.all(
      [third, second, first].map(async (u) => (await server.call('GET', `/v2/datasets/${key}/uploads/${u.id}`)).body),
    );
    expect(all.body).toEqual({ data: views, total: 3, offset: 0, limit: 20, has_more: false });
    expect(views.map((u) => u.status)).toEqual(['completed', 'failed', 'completed']);

    const page = await server.call('GET', `/v2/datasets/${key}/uploads?offset=1&limit=1`);
    expect(page.body).toEqual({ data: [views[1]], total: 3, offset: 1, limit: 1, has_more: true });
    // Another dataset's uploads are not listed; an unknown dataset is 404, a bad limit 400.
    expect((await server.call('GET', `/v2/datasets/${await createDataset()}/uploads`)).body.total).toBe(0);
    expect((await server.call('GET', '/v2/datasets/ds_999999/uploads')).status).toBe(404);
    expect((await server.call('GET', `/v2/datasets/${key}/uploads?limit=101`)).status).toBe(400);
  });
});
