// Strict-Transport-Security: not sent unless TEXTCLASS_HSTS_MAX_AGE is set; subdomains only with TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config/load-config.js';
import { createApp } from '../../src/transport/http/pipeline/express-app.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
const apps: Server[] = [];

/** The running server's services behind an app configured from these environment variables. */
async function appWith(env: NodeJS.ProcessEnv): Promise<string> {
  const app = createApp(server.running.runtime.services, {
    logger: createLogger('silent'),
    bodyLimitBytes: 1024 * 1024,
    validateResponses: true,
    hsts: loadConfig(env).hsts,
  }).listen(0, '127.0.0.1');
  apps.push(app);
  await new Promise((resolve) => app.once('listening', resolve));
  return `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
}

const hstsOf = async (base: string, route: string) =>
  (await fetch(`${base}${route}`, { headers: { Authorization: `Bearer ${ADMIN_KEY}` } })).headers.get(
    'strict-transport-security',
  );

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  for (const app of apps) await new Promise((resolve) => app.close(resolve));
  await server?.close();
});

describe('HSTS', () => {
  it('is off by default: no Strict-Transport-Security on any answer', async () => {
    for (const route of ['/health', '/v2/models', '/docs', '/v2/nowhere'])
      expect(await hstsOf(server.url, route)).toBeNull();
  });

  it('TEXTCLASS_HSTS_MAX_AGE turns it on for that many seconds, without subdomains', async () => {
    const base = await appWith({ TEXTCLASS_HSTS_MAX_AGE: '15552000' });
    for (const route of ['/health', '/v2/models']) expect(await hstsOf(base, route)).toBe('max-age=15552000');
  });

  it('TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS adds includeSubDomains; a max-age of 0 is off', async () => {
    const base = await appWith({ TEXTCLASS_HSTS_MAX_AGE: '31536000', TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS: 'true' });
    expect(await hstsOf(base, '/v2/models')).toBe('max-age=31536000; includeSubDomains');
    const off = await appWith({ TEXTCLASS_HSTS_MAX_AGE: '0', TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS: 'true' });
    expect(await hstsOf(off, '/v2/models')).toBeNull();
  });
});
