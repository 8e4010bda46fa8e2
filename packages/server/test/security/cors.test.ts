// CORS: off unless TEXTCLASS_CORS_ORIGINS names origins; then only those origins get the headers, preflights pass before auth.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/transport/http/pipeline/express-app.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

const ALLOWED = 'https://app.example.com';
let server: TestServer;
let withCors: Server;
let corsUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  withCors = createApp(server.running.runtime.services, {
    logger: createLogger('silent'),
    bodyLimitBytes: 1024 * 1024,
    validateResponses: true,
    corsOrigins: [ALLOWED, 'http://localhost:3000'],
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => withCors.once('listening', resolve));
  corsUrl = `http://127.0.0.1:${(withCors.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => withCors?.close(resolve));
  await server?.close();
});

const preflight = (base: string, origin: string) =>
  fetch(`${base}/v2/models`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'authorization',
    },
  });
const get = (base: string, origin: string) =>
  fetch(`${base}/v2/models`, { headers: { Origin: origin, Authorization: `Bearer ${ADMIN_KEY}` } });

describe('CORS', () => {
  it('is off by default: no Access-Control headers, not even for a preflight', async () => {
    const options = await preflight(server.url, ALLOWED);
    expect(options.headers.get('access-control-allow-origin')).toBeNull();
    expect(options.status).toBe(401);
    const res = await get(server.url, ALLOWED);
    expect(res.status).toBe(200);
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('with origins configured: answers their preflight before auth and lets them read the API headers', async () => {
    const options = await preflight(corsUrl, ALLOWED);
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(options.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(options.headers.get('access-control-allow-methods')).toContain('DELETE');
    const res = await get(corsUrl, ALLOWED);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('with origins configured: any other origin gets no Access-Control-Allow-Origin', async () => {
    expect((await preflight(corsUrl, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await get(corsUrl, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
