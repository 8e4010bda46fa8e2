// The steady load's schedule: evenly spaced calls that offer the asked rows/s, bounded by the texts at hand.
import { describe, expect, it } from 'vitest';
import { callSchedule } from './steady-load.js';

describe('callSchedule', () => {
  it('spaces 8-row calls so that they offer the asked rows/s over the asked seconds', () => {
    const times = callSchedule({ rowsPerSecond: 40, rowsPerCall: 8, seconds: 2 }, 1_000);
    expect(times).toEqual([0, 200, 400, 600, 800, 1_000, 1_200, 1_400, 1_600, 1_800]);
  });

  it('sends at least one call, and no more calls than there are texts for', () => {
    expect(callSchedule({ rowsPerSecond: 1, rowsPerCall: 8, seconds: 2 }, 1_000)).toEqual([0]);
    expect(callSchedule({ rowsPerSecond: 8_000, rowsPerCall: 8, seconds: 10 }, 5)).toHaveLength(5);
  });
});
