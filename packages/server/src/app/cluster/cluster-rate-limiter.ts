// Rate limits of a cluster worker on the primary's counters, so every worker of the service counts against one window.
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../../core/ports/rate-limits.js';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import type { Logger } from '../../adapters/observability/logger.js';

/** Asks the primary for a decision (take: consume, else peek). */
export type AskPrimary = (key: string, limit: number, take: boolean) => Promise<RateLimitDecision>;

/**
 * The counters live in the primary (one InProcessRateLimiter for all workers, like rate-limiter-flexible's
 * RateLimiterCluster). Should the primary not answer in time, this worker fails open on its own counters, as the Redis
 * limiter does when Redis is unreachable, and says so once.
 */
export class ClusterRateLimiter implements RateLimiter {
  private readonly local = new InProcessRateLimiter();
  private degraded = false;

  constructor(
    private readonly ask: AskPrimary,
    private readonly logger: Logger,
  ) {}

  consume(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, true);
  }

  peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, false);
  }

  /** The counters are in a process's memory (the primary's), shared by the workers of this host only. */
  backend(): RateLimiterBackend {
    return 'process';
  }

  private async decide(key: string, limit: number, take: boolean): Promise<RateLimitDecision> {
    try {
      const decision = await this.ask(key, limit, take);
      if (this.degraded) {
        this.degraded = false;
        this.logger.warn('the cluster primary answers again: rate limits are shared by all workers again');
      }
      return decision;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.logger.warn({ err }, 'the cluster primary did not answer: this worker counts rate limits on its own');
      }
      return take ? this.local.consume(key, limit) : this.local.peek(key, limit);
    }
  }
}
