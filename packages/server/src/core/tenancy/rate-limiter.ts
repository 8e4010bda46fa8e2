// Per-workspace request limiter: a one-minute window of `limit` requests, then one 10 s burst of `limit` more.
import type { RateLimitDecision, RateLimiter, RateLimiterBackend } from '../ports/rate-limits.js';

interface WindowState {
  windowStart: number;
  used: number;
  burstStart: number | null;
  burstUsed: number;
}

export const WINDOW_MS = 60_000;
export const BURST_MS = 10_000;

/** In-process counters; a shared store (Redis) implements the same interface for several processes. */
export class InProcessRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, WindowState>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  async consume(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, true);
  }

  async peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, false);
  }

  backend(): RateLimiterBackend {
    return 'process';
  }

  private decide(key: string, limit: number, take: boolean): RateLimitDecision {
    const now = this.now();
    const state = this.current(key, now, take);
    const windowEnd = state.windowStart + WINDOW_MS;
    const decision = (allowed: boolean): RateLimitDecision => ({
      allowed,
      limit,
      remaining: Math.max(0, limit - state.used),
      resetAtSeconds: Math.ceil(windowEnd / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    });
    if (state.used < limit) {
      if (take) state.used += 1;
      return decision(true);
    }
    if (state.burstStart === null) {
      if (!take) return decision(true);
      state.burstStart = now;
    }
    const burstOpen = now < state.burstStart + BURST_MS;
    if (burstOpen && state.burstUsed < limit) {
      if (take) state.burstUsed += 1;
      return decision(true);
    }
    return decision(false);
  }

  private current(key: string, now: number, create: boolean): WindowState {
    const existing = this.windows.get(key);
    if (existing && now < existing.windowStart + WINDOW_MS) return existing;
    const fresh: WindowState = { windowStart: now, used: 0, burstStart: null, burstUsed: 0 };
    if (create) {
      if (this.windows.size >= this.maxKeys) this.evictExpired(now);
      this.windows.set(key, fresh);
    }
    return fresh;
  }

  private evictExpired(now: number): void {
    for (const [key, state] of this.windows) {
      if (now >= state.windowStart + WINDOW_MS) this.windows.delete(key);
    }
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
