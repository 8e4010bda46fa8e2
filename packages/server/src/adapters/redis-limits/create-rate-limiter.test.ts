// Redis outage mid-run: the limiter fails open to per-process counters, warns once, and returns to Redis.
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../testing/redis-server.js';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import { createLogger } from '../observability/logger.js';
import { createRateLimiter, type ConfiguredRateLimiter } from './create-rate-limiter.js';
import { KEY_PREFIX } from './redis-rate-limiter.js';

const skip = redisSkipReason();

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
}

function capturedLogger() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { logger: createLogger('warn', stream), text: () => text };
}

describe('createRateLimiter without REDIS_URL', () => {
  it('counts in process', async () => {
    const configured = await createRateLimiter(undefined, createLogger('silent'));
    expect(configured.limiter.backend()).toBe('process');
    expect((await configured.limiter.consume('w', 1)).allowed).toBe(true);
    await configured.close();
  });

  it('counts on the host counters it is given (a cluster primary), with Redis unreachable too', async () => {
    const host = new InProcessRateLimiter();
    await host.consume('shared', 3);
    const alone = await createRateLimiter(undefined, createLogger('silent'), () => host);
    expect(alone.limiter).toBe(host);
    // Nothing listens on port 1: the failover limiter falls back to the host counters, which already hold one use.
    const unreachable = await createRateLimiter('redis://127.0.0.1:1', createLogger('silent'), () => host);
    try {
      expect(unreachable.limiter.backend()).toBe('process-fallback');
      expect((await unreachable.limiter.consume('shared', 3)).remaining).toBe(1);
      expect((await host.peek('shared', 3)).remaining).toBe(1);
    } finally {
      await unreachable.close();
    }
  });
});

describe.skipIf(skip !== undefined)(`createRateLimiter with REDIS_URL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let redis: RedisServer;
  let inspector: Redis;

  beforeAll(async () => {
    redis = await startRedisServer();
    inspector = new Redis(redis.url, { enableOfflineQueue: true, maxRetriesPerRequest: null });
    inspector.on('error', () => undefined);
  });
  afterAll(async () => {
    inspector?.disconnect();
    await redis?.stop('SIGTERM');
  });

  it('fails open to this process when Redis is killed mid-run, then shares counters again once it is back', async () => {
    const log = capturedLogger();
    const configured: ConfiguredRateLimiter = await createRateLimiter(redis.url, log.logger);
    const { limiter } = configured;
    try {
      expect(limiter.backend()).toBe('redis');
      expect((await limiter.consume('outage', 2)).remaining).toBe(1);
      expect(await inspector.hget(`${KEY_PREFIX}outage`, 'used')).toBe('1');

      await redis.stop('SIGKILL');
      const during = [];
      for (let i = 0; i < 5; i += 1) during.push(await limiter.consume('outage', 2));
      // Local counters start afresh: the base allowance and the burst, then refusal — never unlimited.
      expect(during.map((d) => d.allowed)).toEqual([true, true, true, true, false]);
      expect(limiter.backend()).toBe('process-fallback');
      expect(log.text()).toContain('Redis is unreachable');
      expect(log.text().match(/Redis is unreachable/g)).toHaveLength(1);

      await redis.start();
      await eventually(async () => limiter.backend() === 'redis', 'the limiter reconnects to Redis');
      const after = await limiter.consume('outage', 2);
      expect(after).toMatchObject({ allowed: true, remaining: 1 });
      expect(await inspector.hget(`${KEY_PREFIX}outage`, 'used')).toBe('1');
      expect(log.text()).toContain('Redis is reachable again');
    } finally {
      await configured.close();
    }
  });

  it('serves on local counters when Redis is down at start-up, and moves to Redis when it appears', async () => {
    await redis.stop('SIGKILL');
    const configured = await createRateLimiter(redis.url, createLogger('silent'));
    try {
      expect(configured.limiter.backend()).toBe('process-fallback');
      expect((await configured.limiter.consume('late', 5)).allowed).toBe(true);
      await redis.start();
      await eventually(async () => configured.limiter.backend() === 'redis', 'the limiter connects to Redis');
      await configured.limiter.consume('late', 5);
      expect(await inspector.hget(`${KEY_PREFIX}late`, 'used')).toBe('1');
    } finally {
      await configured.close();
    }
  });
});
