// The whole server with REDIS_URL: Redis killed mid-run → requests still served and limited, /health says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../src/testing/redis-server.js';

const skip = redisSkipReason();

describe.skipIf(skip !== undefined)(
  `server with REDIS_URL when Redis goes away${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: RedisServer;
    let server: TestServer;
    let limitedKey: string;

    beforeAll(async () => {
      redis = await startRedisServer();
      server = await startTestServer({ redisUrl: redis.url });
      const limited = await server.createWorkspace({
        name: 'outage-limited',
        plan: 'enterprise',
        rateLimitPerMinute: 2,
      });
      limitedKey = await server.createKey(limited, 'reader');
    });
    afterAll(async () => {
      await server?.close();
      await redis?.stop('SIGTERM');
    });

    const health = async () =>
      (await server.call('GET', '/health', { key: null })).body as { status: string; rate_limits: string };

    it('counts in Redis while it is up', async () => {
      expect(await health()).toEqual({ status: 'ok', rate_limits: 'redis' });
      const res = await server.call('GET', '/v2/models');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('6000');
    });

    it('keeps serving and limiting on local counters after Redis is killed, and reports it on /health', async () => {
      await redis.stop('SIGKILL');
      const res = await server.call('GET', '/v2/models');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(await health()).toEqual({ status: 'ok', rate_limits: 'process-fallback' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await server.call('GET', '/v2/models', { key: limitedKey })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });

    it('returns to Redis once it is back', async () => {
      await redis.start();
      for (let i = 0; i < 100 && (await health()).rate_limits !== 'redis'; i += 1)
        await new Promise((r) => setTimeout(r, 100));
      expect(await health()).toEqual({ status: 'ok', rate_limits: 'redis' });
      expect((await server.call('GET', '/v2/models', { key: limitedKey })).headers.get('x-ratelimit-remaining')).toBe(
        '1',
      );
    });
  },
);
