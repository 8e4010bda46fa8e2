// The in-process rate limiter: the base limit, one burst per window that lapses after 10 s, fresh windows, peek.
import { describe, expect, it } from 'vitest';
import { BURST_MS, InProcessRateLimiter, WINDOW_MS } from './rate-limiter.js';

function limiterAt(start = 1_700_000_000_000) {
  let now = start;
  const limiter = new InProcessRateLimiter(() => now);
  return {
    limiter,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('InProcessRateLimiter', () => {
  it('allows the base limit, counting Remaining down to 0', async () => {
    const { limiter } = limiterAt();
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) remaining.push((await limiter.consume('w', 3)).remaining);
    expect(remaining).toEqual([2, 1, 0]);
  });

  it('opens one burst of another `limit` requests for 10 s, then refuses until the window ends', async () => {
    const { limiter, advance, now } = limiterAt();
    const windowEnd = Math.ceil((now() + WINDOW_MS) / 1000);
    for (let i = 0; i < 3; i += 1) await limiter.consume('w', 3);
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume('w', 3)).allowed).toBe(true);
    const refused = await limiter.consume('w', 3);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3, resetAtSeconds: windowEnd });
    expect(refused.retryAfterSeconds).toBe(60);
    advance(30_000);
    expect((await limiter.consume('w', 3)).retryAfterSeconds).toBe(30);
  });

  it('lets an unused burst lapse after 10 s; only one burst per window', async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 2; i += 1) await limiter.consume('w', 2);
    expect((await limiter.consume('w', 2)).allowed).toBe(true);
    advance(BURST_MS);
    expect((await limiter.consume('w', 2)).allowed).toBe(false);
  });

  it('starts a fresh window after a minute and keeps workspaces apart', async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i += 1) await limiter.consume('a', 1);
    expect((await limiter.consume('a', 1)).allowed).toBe(false);
    expect((await limiter.consume('b', 1)).allowed).toBe(true);
    advance(WINDOW_MS);
    expect(await limiter.consume('a', 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('peek does not consume', async () => {
    const { limiter } = limiterAt();
    await limiter.peek('w', 1);
    expect((await limiter.consume('w', 1)).remaining).toBe(0);
    expect((await limiter.peek('w', 1)).remaining).toBe(0);
  });
});
