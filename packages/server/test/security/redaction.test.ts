// Secrets never reach the logs: pino output of real requests with Authorization headers, and of the configuration.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, redactedConfig } from '../../src/app/config/load-config.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { startServer, type RunningServer } from '../../src/app/compose/server.js';

const ADMIN = 'tc_redaction_admin_key_0123456789';
const WRONG = 'tc_redaction_wrong_key_9876543210';
const PASSWORD = 'hunter2-db-password';

let lines = '';
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines += String(chunk);
    done();
  },
});
const logger = createLogger('trace', capture);
const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-redaction-'));
let running: RunningServer;

beforeAll(async () => {
  running = await startServer(
    loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', apiKey: ADMIN, logLevel: 'trace' }),
    logger,
  );
  await running.ready;
}, 120_000);
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('log redaction', () => {
  it('logs requests with and without a valid key, an error and the configuration, and no secret appears', async () => {
    const call = (authorization: string, route = '/v2/models', init: RequestInit = {}) =>
      fetch(`${running.url}${route}`, {
        ...init,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', ...init.headers },
      });
    expect((await call(`Bearer ${ADMIN}`)).status).toBe(200);
    expect((await call(`Bearer ${WRONG}`)).status).toBe(401);
    expect(
      (await call(`Bearer ${ADMIN}`, '/v2/models/1/inference', { method: 'POST', body: `{"texts": ["${WRONG}"` }))
        .status,
    ).toBe(400);
    const { models } = running.runtime.repos;
    const original = models.list.bind(models);
    models.list = async () => {
      throw new Error(`connection to postgres://textclass:${PASSWORD}@db/textclass failed`);
    };
    try {
      expect((await call(`Bearer ${ADMIN}`)).status).toBe(500);
    } finally {
      models.list = original;
    }

    const config = loadConfig({
      DATABASE_URL: `postgres://textclass:${PASSWORD}@db.internal:5432/textclass`,
      TEXTCLASS_API_KEY: ADMIN,
      REDIS_URL: `redis://:${PASSWORD}@cache:6379`,
    });
    logger.info({ config: redactedConfig(config) }, 'configuration');
    logger.info(config, 'a careless log of the raw configuration');
    logger.info(
      { req: { headers: { authorization: `Bearer ${ADMIN}`, cookie: 'session=abc' } } },
      'a careless log of request headers',
    );

    expect(lines).toContain('"msg":"starting"');
    expect(lines.match(/"msg":"request"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(lines).toContain('db.internal:5432');
    for (const secret of [ADMIN, WRONG, 'Bearer', PASSWORD, 'session=abc']) expect(lines, secret).not.toContain(secret);
  });
});
