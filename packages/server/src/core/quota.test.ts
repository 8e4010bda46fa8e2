import { describe, expect, it } from 'vitest';
import { billingPeriod } from './quota.js';

describe('billingPeriod', () => {
  it('starts on the cycle day of this month once it has passed', () => {
    const p = billingPeriod(new Date('2026-11-21T10:00:00Z'), 15);
    expect(p.start.toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-12-15T00:00:00.000Z');
  });

  it('starts on the cycle day of last month before it, across a year boundary', () => {
    const p = billingPeriod(new Date('2026-01-03T10:00:00Z'), 20);
    expect(p.start.toISOString()).toBe('2025-12-20T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-01-20T00:00:00.000Z');
  });

  it('starts the day itself at midnight UTC', () => {
    expect(billingPeriod(new Date('2026-03-01T00:00:00Z'), 1).start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
