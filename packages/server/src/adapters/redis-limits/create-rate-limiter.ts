// Builds the configured rate limiter: in process by default, Redis-backed (failing open) when REDIS_URL is set.
import type { RateLimiter } from '../../core/ports/rate-limits.js';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import type { Logger } from '../observability/logger.js';

export interface ConfiguredRateLimiter {
  limiter: RateLimiter;
  close(): Promise<void>;
}

/**
 * `hostCounters`: the counters of this host's processes when they are several (a cluster primary's), used instead of
 * this process's own without Redis and as the fallback while Redis is unreachable. The Redis client (ioredis) is
 * loaded only when `redisUrl` is set, here at start-up, so a missing driver stops the start instead of a request.
 */
export async function createRateLimiter(
  redisUrl: string | undefined,
  logger: Logger,
  hostCounters: () => RateLimiter | undefined = () => undefined,
): Promise<ConfiguredRateLimiter> {
  const local = () => hostCounters() ?? new InProcessRateLimiter();
  if (redisUrl === undefined) return { limiter: local(), close: async () => undefined };
  const { redisRateLimiter } = await import('./redis-connection.js');
  return redisRateLimiter(redisUrl, logger, local());
}
