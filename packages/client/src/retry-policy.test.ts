// Unit tests of the retry rules: which outcomes retry, and how long each wait is.
import { describe, expect, it } from 'vitest';
import { parseRetryAfter, resolveRetryPolicy, retryDelayMs, type AttemptOutcome } from './retry-policy.js';

const policy = resolveRetryPolicy();
const now = Date.UTC(2025, 0, 1, 12, 0, 0);
const response = (status: number, retryAfter: string | null = null): AttemptOutcome => ({
  kind: 'response',
  status,
  retryAfter,
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
  });
  it('reads an HTTP-date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
  });
  it('returns null for absent or unreadable values', () => {
    for (const value of [null, '', '-5', '1.5', 'soon', '10s']) expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('backs off 1 s, 2 s, 4 s on 5xx and network errors, then stops', () => {
    for (const outcome of [response(500), response(504), { kind: 'network-error' } as const]) {
      expect([0, 1, 2, 3].map((i) => retryDelayMs(outcome, i, policy, now))).toEqual([1000, 2000, 4000, null]);
    }
  });
  it('would wait 8 s for a 4th retry when allowed', () => {
    expect(retryDelayMs(response(500), 3, resolveRetryPolicy({ maxRetries: 4 }), now)).toBe(8000);
  });
  it('uses Retry-After on 429, capped at maxDelayMs', () => {
    expect(retryDelayMs(response(429, '3'), 2, policy, now)).toBe(3000);
    expect(retryDelayMs(response(429, '3600'), 0, policy, now)).toBe(60_000);
    expect(retryDelayMs(response(429, '3'), 3, policy, now)).toBeNull();
  });
  it('never retries other statuses', () => {
    for (const status of [200, 301, 400, 401, 403, 404, 409, 413, 422])
      expect(retryDelayMs(response(status), 0, policy, now)).toBeNull();
  });
  it('rejects nonsense options', () => {
    expect(() => resolveRetryPolicy({ maxRetries: -1 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ maxRetries: 1.5 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ baseDelayMs: Number.NaN })).toThrow(RangeError);
  });
});
