// Quota: billing periods by cycle day, a request refused whole when it would cross the quota, resets, unlimited plans.
import { describe, expect, it } from 'vitest';
import type { UsageRepository } from '../ports/repositories.js';
import { billingPeriod, QuotaService } from './quota.js';
import type { Workspace } from '../shared/types.js';

/** Counters per workspace and period start, with the repository's all-or-nothing rule. */
function memoryUsage(): UsageRepository {
  const counts = new Map<string, number>();
  const key = (id: number, start: Date) => `${id}@${start.toISOString()}`;
  return {
    async tryConsume(id, start, amount, limit) {
      const used = counts.get(key(id, start)) ?? 0;
      if (used + amount > limit) return false;
      counts.set(key(id, start), used + amount);
      return true;
    },
    async used(id, start) {
      return counts.get(key(id, start)) ?? 0;
    },
  };
}

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

describe('QuotaService with an injected clock', () => {
  const workspace: Workspace = {
    id: 7,
    name: 'w',
    plan: 'enterprise',
    rateLimitPerMinute: null,
    monthlyQuota: 10,
    billingCycleDay: 15,
    createdAt: new Date(),
  };

  it('refuses a request that would cross the quota whole, and resets on the billing-cycle day', async () => {
    let now = new Date('2026-01-14T23:59:59Z');
    const quota = new QuotaService(memoryUsage(), () => now);
    await quota.reserve(workspace, 8);
    await expect(quota.reserve(workspace, 3)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('2026-01-15T00:00:00.000Z'),
    });
    expect(await quota.usage(workspace)).toEqual({
      used: 8,
      limit: 10,
      period: { start: new Date('2025-12-15T00:00:00Z'), end: new Date('2026-01-15T00:00:00Z') },
    });

    now = new Date('2026-01-15T00:00:00Z');
    expect((await quota.usage(workspace)).used).toBe(0);
    await quota.reserve(workspace, 10);
    await expect(quota.reserve(workspace, 1)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await quota.usage(workspace)).toEqual({
      used: 10,
      limit: 10,
      period: { start: new Date('2026-01-15T00:00:00Z'), end: new Date('2026-02-15T00:00:00Z') },
    });
  });

  it('counts unlimited workspaces without refusing, and starter uses the plan quota', async () => {
    const quota = new QuotaService(memoryUsage(), () => new Date('2026-05-02T00:00:00Z'));
    const unlimited = { ...workspace, monthlyQuota: null };
    await quota.reserve(unlimited, 1_000_000);
    expect(await quota.usage(unlimited)).toMatchObject({ used: 1_000_000, limit: null });
    expect((await quota.usage({ ...workspace, id: 8, plan: 'starter', monthlyQuota: null })).limit).toBe(10_000);
  });
});
