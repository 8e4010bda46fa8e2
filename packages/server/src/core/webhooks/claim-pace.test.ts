// The claim pace: a claim waits out the gap after the previous one unless an endpoint has a backlog.
import { describe, expect, it } from 'vitest';
import { ClaimPace } from './claim-pace.js';

describe('ClaimPace', () => {
  it('lets the first claim go at once, then waits out the gap since the previous claim', () => {
    let now = 1_000;
    const pace = new ClaimPace(100, () => now);
    expect(pace.delay(false)).toBe(0);
    pace.claimed();
    now += 30;
    expect(pace.delay(false)).toBe(70);
    now += 70;
    expect(pace.delay(false)).toBe(0);
  });

  it('never waits while an endpoint has a backlog', () => {
    let now = 0;
    const pace = new ClaimPace(100, () => now);
    pace.claimed();
    now += 1;
    expect(pace.delay(true)).toBe(0);
    expect(pace.delay(false)).toBe(99);
  });
});
