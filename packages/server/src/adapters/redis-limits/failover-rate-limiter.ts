// Fails open: while the shared counters (Redis, or the cluster primary's over IPC) do not answer, each process keeps
// limiting with its own counters, and says so once, and again when they answer.
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../../core/ports/rate-limits.js';
import type { Logger } from '../observability/logger.js';

/** After a failed Redis call, stay on the local counters this long before trying Redis again. */
export const RETRY_PRIMARY_AFTER_MS = 1_000;

export interface FailoverOptions {
  primary: RateLimiter;
  fallback: RateLimiter;
  /** False while the primary's connection is known to be down (no call is attempted then); unset: always tried. */
  primaryConnected?: () => boolean;
  logger: Logger;
  now?: () => number;
  /** After a failed call, stay on the fallback this long before trying the primary again (RETRY_PRIMARY_AFTER_MS). */
  retryPrimaryAfterMs?: number;
  /** What backend() reports on the primary and on the fallback (Redis: redis, process-fallback). */
  backends?: { primary: RateLimiterBackend; fallback: RateLimiterBackend };
  /** The two warnings: the primary is unreachable (counting locally), and it answers again. */
  messages?: { unreachable: string; back: string };
}

const REDIS_MESSAGES = {
  unreachable: 'Redis is unreachable: each process now counts rate limits on its own (fail open) until it is back',
  back: 'Redis is reachable again: rate-limit counters are shared across processes again',
};

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
    const backends = this.options.backends ?? { primary: 'redis', fallback: 'process-fallback' };
    return this.usable() ? backends.primary : backends.fallback;
  }

  private usable(): boolean {
    return (this.options.primaryConnected?.() ?? true) && this.now() >= this.suspendedUntil;
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
        this.options.logger.warn((this.options.messages ?? REDIS_MESSAGES).back);
      }
      return decision;
    } catch (err) {
      this.suspendedUntil = this.now() + (this.options.retryPrimaryAfterMs ?? RETRY_PRIMARY_AFTER_MS);
      this.markDegraded(err);
      return call(this.options.fallback);
    }
  }

  private markDegraded(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    const message = err instanceof Error ? err.message : 'not connected';
    this.options.logger.warn({ reason: message }, (this.options.messages ?? REDIS_MESSAGES).unreachable);
  }
}
