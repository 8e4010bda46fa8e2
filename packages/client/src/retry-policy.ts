// The spec's retry rules as a pure function: given what an attempt produced, how long to wait before the next one.

/** Tunables of the retry rules; every field is optional. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3, so at most 4 attempts); 0 turns retries off. */
  maxRetries?: number;
  /** First backoff step for 5xx and network errors (default 1000 ms; doubles each retry: 1 s, 2 s, 4 s). */
  baseDelayMs?: number;
  /** Upper bound of any single wait, `Retry-After` included (default 60 000 ms, one rate-limit window). */
  maxDelayMs?: number;
}

/** RetryOptions with every default filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** What one attempt ended with, as far as the retry decision cares. */
export type AttemptOutcome =
  { kind: 'response'; status: number; retryAfter: string | null } | { kind: 'network-error' };

/** Wait used when a 429 has no usable `Retry-After`. */
export const FALLBACK_RETRY_AFTER_MS = 1000;

/** Fills in defaults and rejects values that cannot mean anything. */
export function resolveRetryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy: RetryPolicy = {
    maxRetries: options.maxRetries ?? 3,
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 60_000,
  };
  if (!Number.isInteger(policy.maxRetries) || policy.maxRetries < 0) {
    throw new RangeError(`retry.maxRetries must be a non-negative integer, got ${policy.maxRetries}`);
  }
  for (const key of ['baseDelayMs', 'maxDelayMs'] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0) {
      throw new RangeError(`retry.${key} must be a non-negative number, got ${policy[key]}`);
    }
  }
  return policy;
}

/**
 * Reads a `Retry-After` header: delta-seconds (the spec's form) or an HTTP-date.
 * Returns milliseconds from `nowMs`, never negative, or null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * Milliseconds to wait before retry number `retryIndex` (0 = first retry), or null for "do not retry".
 * 5xx and network errors back off exponentially (a 503's `Retry-After` is honoured when longer);
 * 429 waits `Retry-After`; every other status is final.
 */
export function retryDelayMs(
  outcome: AttemptOutcome,
  retryIndex: number,
  policy: RetryPolicy,
  nowMs: number,
): number | null {
  if (retryIndex >= policy.maxRetries) return null;
  const backoff = policy.baseDelayMs * 2 ** retryIndex;
  if (outcome.kind === 'network-error') return Math.min(backoff, policy.maxDelayMs);
  const retryAfter = parseRetryAfter(outcome.retryAfter, nowMs);
  if (outcome.status === 429) {
    return Math.min(retryAfter ?? FALLBACK_RETRY_AFTER_MS, policy.maxDelayMs);
  }
  if (outcome.status >= 500 && outcome.status <= 599) {
    return Math.min(Math.max(backoff, retryAfter ?? 0), policy.maxDelayMs);
  }
  return null;
}
