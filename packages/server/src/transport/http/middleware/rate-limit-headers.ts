// Writes the X-RateLimit-* headers (and Retry-After when refused) from a limiter decision.
import type { RateLimitDecision } from '../../../core/ports/rate-limits.js';
import type { HeaderTarget } from '../shared/lane-headers.js';

export function setRateLimitHeaders(res: HeaderTarget, decision: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.resetAtSeconds));
  if (!decision.allowed) res.setHeader('Retry-After', String(decision.retryAfterSeconds));
}
