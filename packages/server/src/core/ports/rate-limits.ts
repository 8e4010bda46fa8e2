// The rate-limit port: counters consumed per key and window, kept in this process or in Redis.

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Left of the base allowance in this window (0 while bursting). */
  remaining: number;
  /** Unix seconds when the window ends. */
  resetAtSeconds: number;
  /** Seconds until a request would pass again (only meaningful when refused). */
  retryAfterSeconds: number;
}

/** Where the counters live: this process, Redis, or this process because Redis is unreachable. */
export type RateLimiterBackend = 'process' | 'redis' | 'process-fallback';

export interface RateLimiter {
  consume(key: string, limit: number): Promise<RateLimitDecision>;
  /** Current state without consuming (used for headers on refused authentication). */
  peek(key: string, limit: number): Promise<RateLimitDecision>;
  backend(): RateLimiterBackend;
}
