// Configuration parsing: CORS origins and secrets masked for logs.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseOrigins, redactedConfig } from './config.js';

describe('config', () => {
  it('parses TEXTCLASS_CORS_ORIGINS as exact origins; unset means CORS off', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(parseOrigins(' https://app.example.com, http://localhost:3000 ,')).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect(parseOrigins('*')).toEqual(['*']);
    expect(() => parseOrigins('https://app.example.com/')).toThrow(/not an origin/);
    expect(() => parseOrigins('app.example.com')).toThrow(/not an origin/);
  });

  it('masks secrets for logs but keeps hosts readable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://textclass:hunter2@db.internal:5432/textclass?sslpassword=s3cret',
      REDIS_URL: 'redis://:redispass@cache:6379/0',
      TEXTCLASS_API_KEY: 'tc_configured_key_0123456789',
    });
    const shown = JSON.stringify(redactedConfig(config));
    for (const secret of ['hunter2', 's3cret', 'redispass', 'tc_configured_key_0123456789']) expect(shown).not.toContain(secret);
    expect(redactedConfig(config)).toMatchObject({ databaseUrl: expect.stringContaining('@db.internal:5432/textclass'), redisUrl: expect.stringContaining('@cache:6379'), apiKey: '[redacted]' });
  });
});
