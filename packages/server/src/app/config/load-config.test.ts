// Configuration parsing: CORS origins, pipeline timings and secrets masked for logs.
import { describe, expect, it } from 'vitest';
import { loadConfig, redactedConfig } from './load-config.js';
import { parseOrigins } from './parse-setting.js';

describe('config', () => {
  it('parses TEXTCLASS_CORS_ORIGINS as exact origins; unset means CORS off', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(parseOrigins(' https://app.example.com, http://localhost:3000 ,')).toEqual([
      'https://app.example.com',
      'http://localhost:3000',
    ]);
    expect(parseOrigins('*')).toEqual(['*']);
    expect(() => parseOrigins('https://app.example.com/')).toThrow(/not an origin/);
    expect(() => parseOrigins('app.example.com')).toThrow(/not an origin/);
  });

  it('reads the webhook timeout and the job lease (10 s and 120 s by default)', () => {
    expect(loadConfig({})).toMatchObject({ webhookTimeoutMs: 10_000, jobLeaseMs: 120_000 });
    expect(loadConfig({ TEXTCLASS_WEBHOOK_TIMEOUT_MS: '400', TEXTCLASS_JOB_LEASE_MS: '2000' })).toMatchObject({
      webhookTimeoutMs: 400,
      jobLeaseMs: 2_000,
    });
    expect(() => loadConfig({ TEXTCLASS_JOB_LEASE_MS: '10' })).toThrow(/TEXTCLASS_JOB_LEASE_MS/);
  });

  it('leaves HSTS off unless TEXTCLASS_HSTS_MAX_AGE is set; subdomains only on request', () => {
    expect(loadConfig({}).hsts).toBeUndefined();
    expect(loadConfig({ TEXTCLASS_HSTS_MAX_AGE: '0' }).hsts).toBeUndefined();
    expect(loadConfig({ TEXTCLASS_HSTS_MAX_AGE: '86400' }).hsts).toEqual({
      maxAgeSeconds: 86_400,
      includeSubDomains: false,
    });
    expect(
      loadConfig({ TEXTCLASS_HSTS_MAX_AGE: '86400', TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS: 'true' }).hsts,
    ).toMatchObject({ includeSubDomains: true });
    expect(() => loadConfig({ TEXTCLASS_HSTS_MAX_AGE: 'a year' })).toThrow(/TEXTCLASS_HSTS_MAX_AGE/);
  });

  it('masks secrets for logs but keeps hosts readable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://textclass:hunter2@db.internal:5432/textclass?sslpassword=s3cret',
      REDIS_URL: 'redis://:redispass@cache:6379/0',
      TEXTCLASS_API_KEY: 'tc_configured_key_0123456789',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://user:otelpass@collector.internal:4318',
    });
    const shown = JSON.stringify(redactedConfig(config));
    for (const secret of ['hunter2', 's3cret', 'redispass', 'tc_configured_key_0123456789', 'otelpass'])
      expect(shown).not.toContain(secret);
    expect(redactedConfig(config)).toMatchObject({
      databaseUrl: expect.stringContaining('@db.internal:5432/textclass'),
      redisUrl: expect.stringContaining('@cache:6379'),
      apiKey: '[redacted]',
      tracing: { endpoint: expect.stringContaining('@collector.internal:4318/v1/traces'), protocol: 'http/protobuf' },
    });
  });
});
