// The nginx template in deploy/nginx, rendered and run in front of a real server: a 50 MB upload streams through
// within TEXTCLASS_UPLOAD_MAX_BYTES, bodies over the limits get 413 in the API's error format, /metrics and /docs
// only on the internal listener, and the TLS example serves the API over HTTPS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx, type Nginx } from '../../src/testing/nginx.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

const UPLOAD_LIMIT = 64 * 1024 * 1024;
const SERVER_NAME = 'textclass.test';
const auth = { Authorization: `Bearer ${ADMIN_KEY}` };

let server: TestServer;
let nginx: Nginx;
let certDir: string;

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: UPLOAD_LIMIT });
  certDir = mkdtempSync(path.join(tmpdir(), 'textclass-tls-'));
  const [certificate, key] = [path.join(certDir, 'cert.pem'), path.join(certDir, 'key.pem')];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${SERVER_NAME}`,
    '-addext', `subjectAltName=DNS:${SERVER_NAME}`, '-keyout', key, '-out', certificate,
  ], { stdio: 'ignore' }); // prettier-ignore
  nginx = await startNginx([new URL(server.url).host], {
    uploadMaxBytes: UPLOAD_LIMIT,
    tls: { certificate, key, serverName: SERVER_NAME },
  });
}, 120_000);
afterAll(async () => {
  await nginx?.stop();
  await server?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** `rows` CSV rows of about 2 KB each: ~52 MB for 26,000. */
function csvOf(rows: number): Buffer {
  const filler = 'The parcel arrived late and the box was damaged. '.repeat(40);
  const lines = ['body,score'];
  for (let i = 0; i < rows; i++) lines.push(`"${i} ${filler}",${i % 10}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function settled(key: string, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const res = await fetch(`${nginx.url}/v2/datasets/${key}/uploads/${id}`, { headers: auth });
    const body = (await res.json()) as Record<string, unknown>;
    if (body.status !== 'processing') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The access log line matching `pattern`: nginx writes it when the request is finalised, which may be just after the answer. */
async function accessLogLine(pattern: RegExp): Promise<string | undefined> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = nginx
      .accessLog()
      .split('\n')
      .find((l) => pattern.test(l));
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

const expectApiError = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toEqual({ status, message: expect.any(String), error_code: code, request_id: expect.any(String) });
  expect(res.headers.get('x-request-id')).toBe(body.request_id);
};

describe.skipIf(nginxBinary() === undefined)('the nginx template', () => {
  it('streams a 50 MB CSV upload through to the server, which stores every row', async () => {
    const created = await fetch(`${nginx.url}/v2/datasets`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'through-nginx',
        columns: [
          { name: 'body', type: 'text' },
          { name: 'score', type: 'number' },
        ],
        text_column: 'body',
      }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const csv = csvOf(26_000);
    expect(csv.length).toBeGreaterThan(50_000_000);
    const res = await fetch(`${nginx.url}/v2/datasets/${key}/uploads`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const accepted = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(accepted)).toBe(202);
    expect(await settled(key, accepted.id)).toMatchObject({ status: 'completed', rows_stored: 26_000, error: null });
    expect(await accessLogLine(new RegExp(`POST /v2/datasets/${key}/uploads HTTP/1.1" 202`))).toBeDefined();
  }, 300_000);

  it('refuses an upload over TEXTCLASS_UPLOAD_MAX_BYTES itself, in the API error format', async () => {
    const res = await fetch(`${nginx.url}/v2/datasets/ds_nowhere/uploads`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'text/csv' },
      body: Buffer.alloc(UPLOAD_LIMIT + 1024 * 1024, 'a'),
    });
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    // nginx answered: the request never reached a process.
    expect(
      await accessLogLine(/POST \/v2\/datasets\/ds_nowhere\/uploads HTTP\/1.1" 413 \d+ upstream=- /),
    ).toBeDefined();
  });

  it('keeps JSON bodies small: the server answers just over 1 MiB, nginx above 2 MiB, both in the API format', async () => {
    const inference = (bytes: number) =>
      fetch(`${nginx.url}/v2/models/1/inference`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ texts: ['x'.repeat(bytes)] }),
      });
    await expectApiError(await inference(1.5 * 1024 * 1024), 413, 'PAYLOAD_TOO_LARGE');
    await expectApiError(await inference(3 * 1024 * 1024), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('serves /metrics, /docs and /guides on the internal listener only', async () => {
    await expectApiError(await fetch(`${nginx.url}/metrics`), 404, 'NOT_FOUND');
    // The reference is its page, its scripts (RapiDoc's bundle among them) and the docs copy of the contract; the
    // guides' site sits beside it.
    const reference = [
      ...['/docs', '/docs/assets/docs.js', '/docs/assets/rapidoc-min.js', '/docs/openapi.json'],
      ...['/guides/', '/guides/models.html', '/guides/repo/deploy/compose.yaml'],
    ];
    for (const route of reference) await expectApiError(await fetch(`${nginx.url}${route}`), 404, 'NOT_FOUND');
    const metrics = await fetch(`${nginx.internalUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('textclass_http_requests_total');
    for (const route of reference) expect((await fetch(`${nginx.internalUrl}${route}`)).status, route).toBe(200);
    expect((await fetch(`${nginx.internalUrl}/health/ready`)).status).toBe(200);
    await expectApiError(await fetch(`${nginx.internalUrl}/v2/models`, { headers: auth }), 404, 'NOT_FOUND');
    // The API and the probes stay on the public listener.
    expect((await fetch(`${nginx.url}/v2/models`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${nginx.url}/health/live`)).status).toBe(200);
  });

  it('passes a safe client X-Request-Id through and replaces an unsafe one', async () => {
    const echoed = await fetch(`${nginx.url}/v2/models`, { headers: { ...auth, 'X-Request-Id': 'trace-42.a:b' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42.a:b');
    const unsafe = await fetch(`${nginx.url}/metrics`, { headers: { 'X-Request-Id': 'x"}, "evil": "' } });
    const body = (await unsafe.json()) as { request_id: string };
    expect(body.request_id).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('the TLS example serves the API over HTTPS and redirects plain HTTP for its name', async () => {
    const tls = new URL(nginx.tlsUrl!);
    const ca = readFileSync(path.join(certDir, 'cert.pem'));
    const overTls = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        { host: tls.hostname, port: tls.port, path: '/v2/models', servername: SERVER_NAME, ca, headers: auth },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(overTls.status).toBe(200);
    expect(JSON.parse(overTls.body)).toMatchObject({ data: expect.any(Array) });

    const plain = new URL(nginx.url);
    const redirect = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = httpRequest(
        { host: plain.hostname, port: plain.port, path: '/v2/models?limit=1', headers: { Host: SERVER_NAME } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(redirect).toEqual({ status: 308, location: `https://${SERVER_NAME}/v2/models?limit=1` });
  });
});
