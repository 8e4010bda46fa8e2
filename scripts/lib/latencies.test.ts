// The rank rules of the benchmarks' percentiles and medians.
import { describe, expect, it } from 'vitest';
import { latencySummary, nearestRank, percentileAtFloor, upperMedian } from './latencies.js';

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);
const shuffled = [...oneToHundred].sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101));

describe('nearestRank', () => {
  it('takes the smallest sample with p % at or below it', () => {
    expect(nearestRank(oneToHundred, 50)).toBe(50);
    expect(nearestRank(oneToHundred, 99)).toBe(99);
    expect(nearestRank(oneToHundred, 100)).toBe(100);
    expect(nearestRank([10, 20, 30], 50)).toBe(20);
  });
});

describe('latencySummary', () => {
  it('sorts first, then reports count, p50, p99 and the maximum', () => {
    expect(latencySummary(shuffled)).toEqual({ requests: 100, p50: 50, p99: 99, max: 100 });
  });

  it('does not reorder the caller’s samples', () => {
    const samples = [3, 1, 2];
    latencySummary(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('percentileAtFloor', () => {
  it('takes index ⌊p/100 × n⌋ of the sorted samples', () => {
    expect(percentileAtFloor(shuffled, 50)).toBe(51);
    expect(percentileAtFloor([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentileAtFloor([5, 1, 4, 2, 3], 99)).toBe(5);
  });

  it('stays on the last sample at p = 100', () => {
    expect(percentileAtFloor([2, 1], 100)).toBe(2);
  });
});

describe('upperMedian', () => {
  it('takes the middle value, the upper one of an even count, NaN of none', () => {
    expect(upperMedian([3, 1, 2])).toBe(2);
    expect(upperMedian([4, 1, 3, 2])).toBe(3);
    expect(upperMedian([])).toBeNaN();
  });
});
