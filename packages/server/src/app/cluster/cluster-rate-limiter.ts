// Rate limits of a cluster worker on the primary's counters, so every worker of the service counts against one window:
// the primary's limiter over IPC, failing open to the worker's own counters (the FailoverRateLimiter Redis uses too).
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../../core/ports/rate-limits.js';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { FailoverRateLimiter } from '../../adapters/redis-limits/failover-rate-limiter.js';

/** Asks the primary for a decision (take: consume, else peek). */
export type AskPrimary = (key: string, limit: number, take: boolean) => Promise<RateLimitDecision>;

/**
 * The counters live in the primary (one InProcessRateLimiter for all workers, like rate-limiter-flexible's
 * RateLimiterCluster); a call throws when the primary does not answer in time.
 */
class PrimaryRateLimiter implements RateLimiter {
  constructor(private readonly ask: AskPrimary) {}

  consume(key: string, limit: number): Promise<RateLimitDecision> {
    return this.ask(key, limit, true);
  }

  peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.ask(key, limit, false);
  }

  /** The counters are in a process's memory (the primary's), shared by the workers of this host only. */
  backend(): RateLimiterBackend {
    return 'process';
  }
}

/**
 * The worker's limiter: the primary's decisions; should the primary not answer, this worker fails open on its own
 * counters, as the Redis limiter does when Redis is unreachable, says so once, and asks the primary again next call.
 */
export function clusterRateLimiter(ask: AskPrimary, logger: Logger): RateLimiter {
  return new FailoverRateLimiter({
    primary: new PrimaryRateLimiter(ask),
    fallback: new InProcessRateLimiter(),
    logger,
    retryPrimaryAfterMs: 0,
    backends: { primary: 'process', fallback: 'process' },
    messages: {
      unreachable: 'the cluster primary did not answer: this worker counts rate limits on its own',
      back: 'the cluster primary answers again: rate limits are shared by all workers again',
    },
  });
}
