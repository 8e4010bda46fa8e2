// GET /health/live and /health/ready against real PostgreSQL behind a relay that is cut: live stays 200, ready
// answers 503 naming the failing part (encoders loading, database unreachable, migrations pending), /health as before.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/transport/http/pipeline/express-app.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { databaseProbe } from '../../src/adapters/storage/index.js';
import { DeferredEncoderProvider, readinessCheck } from '../../src/app/compose/readiness.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { startTcpRelay, type TcpRelay } from '../testing/tcp-relay.js';

const baseUrl = process.env.TEST_DATABASE_URL;

async function get(base: string, route: string) {
  const res = await fetch(`${base}${route}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const ALL_OK = { encoders: 'ok', database: 'ok', migrations: 'ok' };

describe.skipIf(!baseUrl)('health probes on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let relay: TcpRelay;
  let server: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'probes');
    const target = new URL(scratch.url);
    relay = await startTcpRelay(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(scratch.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    server = await startTestServer({ databaseUrl: viaRelay.toString() });
  }, 120_000);
  afterAll(async () => {
    await relay?.restore().catch(() => undefined);
    await server?.close();
    await relay?.close();
    await scratch?.drop();
  });

  it('answers 200 on all three when everything is up, without an API key', async () => {
    expect(await get(server.url, '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await get(server.url, '/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: ALL_OK } });
    expect(ready.headers.get('retry-after')).toBeNull();
    expect((await get(server.url, '/health')).body).toEqual({ status: 'ok', rate_limits: 'process' });
  });

  it('is not ready while a migration this version knows is missing from the database', async () => {
    const { rows } = await scratch.pool.query<{ name: string; timestamp: string }>(
      'DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name, timestamp',
    );
    try {
      const ready = await get(server.url, '/health/ready');
      expect(ready).toMatchObject({
        status: 503,
        body: { status: 'not_ready', checks: { encoders: 'ok', database: 'ok', migrations: 'pending' } },
      });
      expect(ready.headers.get('retry-after')).toBe('1');
    } finally {
      await scratch.pool.query('INSERT INTO kysely_migration (name, timestamp) VALUES ($1, $2)', [
        rows[0]!.name,
        rows[0]!.timestamp,
      ]);
    }
    expect((await get(server.url, '/health/ready')).status).toBe(200);
  });

  it('is not ready while PostgreSQL is unreachable, ready again once it is back; live and /health stay 200', async () => {
    await relay.cut();
    const ready = await get(server.url, '/health/ready');
    expect(ready).toMatchObject({
      status: 503,
      body: { status: 'not_ready', checks: { encoders: 'ok', database: 'unreachable', migrations: 'unknown' } },
    });
    expect(ready.headers.get('retry-after')).toBe('1');
    expect(await get(server.url, '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get(server.url, '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });

    await relay.restore();
    expect(await get(server.url, '/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: ALL_OK },
    });
  });
});

describe('health probes while the encoders load', () => {
  let server: TestServer;
  let loading: Server;
  let loadingUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    // The same services, but with encoders that are not loaded yet (as in the first seconds after start).
    const { services, database } = server.running.runtime;
    const encoders = new DeferredEncoderProvider(services.encoders.defaultId);
    loading = createApp(
      { ...services, encoders, readiness: readinessCheck(encoders, databaseProbe(database.db)) },
      { logger: createLogger('silent'), bodyLimitBytes: 1024 * 1024, validateResponses: true },
    ).listen(0, '127.0.0.1');
    await new Promise((resolve) => loading.once('listening', resolve));
    loadingUrl = `http://127.0.0.1:${(loading.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => loading?.close(resolve));
    await server?.close();
  });

  it('answers ready 503 (encoders loading), live 200, and /health its own 503 as before', async () => {
    const ready = await get(loadingUrl, '/health/ready');
    expect(ready).toMatchObject({
      status: 503,
      body: { status: 'not_ready', checks: { encoders: 'loading', database: 'ok', migrations: 'ok' } },
    });
    expect(ready.headers.get('retry-after')).toBe('1');
    expect(await get(loadingUrl, '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get(loadingUrl, '/health')).toMatchObject({ status: 503, body: { status: 'loading' } });
    expect((await get(server.url, '/health/ready')).status).toBe(200);
  });
});
