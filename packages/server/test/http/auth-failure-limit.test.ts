// Failed authentications per client address: TEXTCLASS_AUTH_FAILURES_PER_MINUTE sets the allowance (401s, then one burst of as many, then 429 until the minute ends); a valid key is not held back by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config/load-config.js';
import { AUTH_FAILURES_PER_MINUTE } from '../../src/core/tenancy/authentication.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

const BAD_KEY = 'tc_not_a_real_key_000000000000';

describe('the failed-authentication limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authFailuresPerMinute: 2, seedDemo: false, defaultEncoder: 'static-multi-100d' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 within the allowance and its burst, then 429 with Retry-After; a valid key still gets in', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await server.call('GET', '/v2/models', { key: i % 2 ? null : BAD_KEY }));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 429]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-limit'))).toEqual(['2', '2', '2', '2', '2']);
    expect(answers[0]!.body).toMatchObject({ error_code: 'UNAUTHORIZED' });
    const refused = answers[4]!;
    expect(refused.body).toMatchObject({ status: 429, error_code: 'RATE_LIMITED' });
    expect((refused.body as { message: string }).message).toMatch(/failed authentication/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const valid = await server.call('GET', '/v2/models');
    expect(valid.status).toBe(200);
    expect(valid.headers.get('x-ratelimit-limit')).toBe('6000');
  });
});

describe('TEXTCLASS_AUTH_FAILURES_PER_MINUTE', () => {
  it('defaults to the documented allowance, and takes a whole number of at least 1', () => {
    expect(loadConfig({}).authFailuresPerMinute).toBe(AUTH_FAILURES_PER_MINUTE);
    expect(AUTH_FAILURES_PER_MINUTE).toBe(30);
    expect(loadConfig({ TEXTCLASS_AUTH_FAILURES_PER_MINUTE: '500' }).authFailuresPerMinute).toBe(500);
    expect(() => loadConfig({ TEXTCLASS_AUTH_FAILURES_PER_MINUTE: '0' })).toThrow(/TEXTCLASS_AUTH_FAILURES_PER_MINUTE/);
    expect(() => loadConfig({ TEXTCLASS_AUTH_FAILURES_PER_MINUTE: 'many' })).toThrow(
      /TEXTCLASS_AUTH_FAILURES_PER_MINUTE/,
    );
  });
});
