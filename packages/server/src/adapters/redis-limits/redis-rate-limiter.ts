// RateLimiter over Redis: one atomic script call per decision, so every process shares the same counters.
import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../../core/ports/rate-limits.js';
import { BURST_MS, WINDOW_MS } from '../../core/tenancy/rate-limiter.js';
import { WINDOW_SCRIPT } from './window-script.js';

const COMMAND = 'textclassRateWindow';
export const KEY_PREFIX = 'textclass:ratelimit:';

type WindowReply = [allowed: number, remaining: number, windowEndMs: number, nowMs: number];

interface WithWindowCommand {
  [COMMAND](key: string, limit: number, take: string, windowMs: number, burstMs: number): Promise<WindowReply>;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly client: Redis & WithWindowCommand;

  /** ioredis sends the script with EVALSHA and loads it (EVAL) only when Redis does not know it yet. */
  constructor(
    client: Redis,
    private readonly timing = { windowMs: WINDOW_MS, burstMs: BURST_MS },
  ) {
    client.defineCommand(COMMAND, { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    this.client = client as Redis & WithWindowCommand;
  }

  consume(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, true);
  }

  peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, false);
  }

  backend(): RateLimiterBackend {
    return 'redis';
  }

  private async decide(key: string, limit: number, take: boolean): Promise<RateLimitDecision> {
    const [allowed, remaining, windowEnd, now] = await this.client[COMMAND](
      KEY_PREFIX + key,
      limit,
      take ? '1' : '0',
      this.timing.windowMs,
      this.timing.burstMs,
    );
    return {
      allowed: allowed === 1,
      limit,
      remaining,
      resetAtSeconds: Math.ceil(windowEnd / 1000),
      retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    };
  }
}
