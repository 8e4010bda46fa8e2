// A clock for tests: sleeping returns at once, advances virtual time and records each wait.
import type { Clock } from '../clock.js';

/** A Clock whose waits are recorded in `sleeps` and cost no real time. */
export interface FakeClock extends Clock {
  readonly sleeps: number[];
}

export function createFakeClock(startMs = Date.UTC(2025, 0, 1)): FakeClock {
  let nowMs = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => nowMs,
    async sleep(ms) {
      sleeps.push(ms);
      nowMs += ms;
    },
  };
}
