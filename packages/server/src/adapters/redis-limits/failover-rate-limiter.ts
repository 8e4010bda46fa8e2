// Fails open: while Redis is unreachable, each process keeps limiting with its own counters (and says so).
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../../core/ports/rate-limits.js';
import type { Logger } from '../observability/logger.js';

/** After a failed Redis call, stay on the local counters this long before trying Redis again. */
export const RETRY_PRIMARY_AFTER_MS = 1_000;

export interface FailoverOptions {
  primary: RateLimiter;
  fallback: RateLimiter;
  /** False while the primary's connection is known to be down (no call is attempted then). */
  primaryConnected: () => boolean;
  logger: Logger;
  now?: () => number;
}

export class FailoverRateLimiter implements RateLimiter {
  private suspendedUntil = 0;
  private degraded = false;
  private readonly now: () => number;

  constructor(private readonly options: FailoverOptions) {
    this.now = options.now ?? Date.now;
  }

  consume(key: string, limit: number): Promise<RateLimitDecision> {
    return this.run((limiter) => limiter.consume(key, limit));
  }

  peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.run((limiter) => limiter.peek(key, limit));
  }

  backend(): RateLimiterBackend {
    return this.usable() ? 'redis' : 'process-fallback';
  }

  private usable(): boolean {
    return this.options.primaryConnected() && this.now() >= this.suspendedUntil;
  }

  private async run(call: (limiter: RateLimiter) => Promise<RateLimitDecision>): Promise<RateLimitDecision> {
    if (!this.usable()) {
      this.markDegraded(undefined);
      return call(this.options.fallback);
    }
    try {
      const decision = await call(this.options.primary);
      if (this.degraded) {
        this.degraded = false;
        this.options.logger.warn('Redis is reachable again: rate-limit counters are shared across processes again');
      }
      return decision;
    } catch (err) {
      this.suspendedUntil = this.now() + RETRY_PRIMARY_AFTER_MS;
      this.markDegraded(err);
      return call(this.options.fallback);
    }
  }

  private markDegraded(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    const message = err instanceof Error ? err.message : 'not connected';
    this.options.logger.warn(
      { reason: message },
      'Redis is unreachable: each process now counts rate limits on its own (fail open) until it is back',
    );
  }
}
