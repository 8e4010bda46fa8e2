// Writes the X-RateLimit-* headers (and Retry-After when refused) from a limiter decision.
import type { RateLimitDecision } from '../../../core/ports/rate-limits.js';

/** Where headers are set: a response, or the fast lane's prepared header list. */
export interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

export function setRateLimitHeaders(res: HeaderTarget, decision: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.resetAtSeconds));
  if (!decision.allowed) res.setHeader('Retry-After', String(decision.retryAfterSeconds));
}
