// The Redis side of the rate limiter: ioredis, its first connection and the failing-open limiter (loaded only when REDIS_URL is set).
import { Redis } from 'ioredis';
import type { RateLimiter } from '../../core/ports/rate-limits.js';
import type { Logger } from '../observability/logger.js';
import { FailoverRateLimiter } from './failover-rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** How long start-up waits for the first Redis connection before serving on local counters. */
const FIRST_CONNECT_WAIT_MS = 3_000;

export function redisClient(url: string): Redis {
  return new Redis(url, {
    // Never queue a decision behind a dead connection: fail at once and fall back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
}

/** Connects (waiting at most FIRST_CONNECT_WAIT_MS) and limits on Redis, on `fallback` while it is unreachable. */
export async function redisRateLimiter(
  redisUrl: string,
  logger: Logger,
  fallback: RateLimiter,
): Promise<{ limiter: RateLimiter; close(): Promise<void> }> {
  const client = redisClient(redisUrl);
  client.on('error', () => undefined); // surfaced through the failover's warnings, not once per reconnect attempt
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_CONNECT_WAIT_MS).unref());
  if (!(await Promise.race([connected, timeout]))) {
    logger.warn('Redis is not reachable at start-up: rate limits are counted in this process until it is');
  }
  const limiter = new FailoverRateLimiter({
    primary: new RedisRateLimiter(client),
    fallback,
    primaryConnected: () => client.status === 'ready',
    logger,
  });
  return {
    limiter,
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
