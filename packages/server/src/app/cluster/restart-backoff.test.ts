// The restart delays: doubling from the first to the longest while workers die young, the first again after a stable run.
import { describe, expect, it } from 'vitest';
import { RestartBackoff } from './restart-backoff.js';

describe('RestartBackoff', () => {
  const options = { initialMs: 1_000, maxMs: 8_000, stableMs: 60_000 };

  it('doubles while workers die young and stops at the longest delay', () => {
    const backoff = new RestartBackoff(options);
    expect([1, 2, 3, 4, 5, 6].map(() => backoff.next(500))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('starts again from the first delay after a worker ran stably', () => {
    const backoff = new RestartBackoff(options);
    backoff.next(500);
    backoff.next(500);
    expect(backoff.next(60_000)).toBe(1_000);
    expect(backoff.next(100)).toBe(2_000);
  });

  it('keeps one streak for all workers, so several dying together back off together', () => {
    const backoff = new RestartBackoff(options);
    expect([backoff.next(10), backoff.next(10)]).toEqual([1_000, 2_000]);
  });
});
