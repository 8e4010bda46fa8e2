// The Redis limiter against a real redis-server: the window + single-burst rules, atomic across clients.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../testing/redis-server.js';
import { KEY_PREFIX, RedisRateLimiter } from './redis-rate-limiter.js';

const skip = redisSkipReason();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip !== undefined)(`RedisRateLimiter${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let redis: RedisServer;
  const clients: Redis[] = [];
  const client = () => {
    const created = new Redis(redis.url, { lazyConnect: false });
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    await redis?.stop('SIGTERM');
  });

  it('allows the base limit, then one burst of another `limit`, then refuses until the window ends', async () => {
    const limiter = new RedisRateLimiter(client());
    const decisions = [];
    for (let i = 0; i < 7; i += 1) decisions.push(await limiter.consume('semantics', 3));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0, 0, 0]);
    const refused = decisions[6]!;
    expect(refused.limit).toBe(3);
    expect(refused.resetAtSeconds).toBe(decisions[0]!.resetAtSeconds);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(decisions[0]!.resetAtSeconds * 1000).toBeGreaterThan(Date.now() + 55_000);
  });

  it('peek does not consume, and the counters expire with the window', async () => {
    const redisClient = client();
    const limiter = new RedisRateLimiter(redisClient);
    expect((await limiter.peek('peek', 2)).remaining).toBe(2);
    expect(await redisClient.exists(`${KEY_PREFIX}peek`)).toBe(0);
    await limiter.consume('peek', 2);
    expect((await limiter.peek('peek', 2)).remaining).toBe(1);
    const ttl = await redisClient.pttl(`${KEY_PREFIX}peek`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('lets an unused burst lapse, grants only one burst per window, and starts afresh after the window', async () => {
    const limiter = new RedisRateLimiter(client(), { windowMs: 3_000, burstMs: 1_000 });
    for (let i = 0; i < 2; i += 1) expect((await limiter.consume('lapse', 2)).allowed).toBe(true);
    expect((await limiter.consume('lapse', 2)).allowed).toBe(true); // opens the burst
    await sleep(1_200);
    expect((await limiter.consume('lapse', 2)).allowed).toBe(false); // burst lapsed; no second burst
    await sleep(2_000);
    const fresh = await limiter.consume('lapse', 2);
    expect(fresh).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is atomic across clients: 200 concurrent requests from 4 connections allow exactly limit + burst', async () => {
    const limiters = [0, 1, 2, 3].map(() => new RedisRateLimiter(client()));
    const decisions = await Promise.all(Array.from({ length: 200 }, (_, i) => limiters[i % 4]!.consume('shared', 25)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
  });

  it('keeps workspaces apart', async () => {
    const limiter = new RedisRateLimiter(client());
    await limiter.consume('apart-a', 1);
    await limiter.consume('apart-a', 1);
    expect((await limiter.consume('apart-a', 1)).allowed).toBe(false);
    expect((await limiter.consume('apart-b', 1)).allowed).toBe(true);
  });
});
