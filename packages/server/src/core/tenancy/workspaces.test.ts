// Workspace limits: plan defaults, enterprise custom limits and their validation.
import { describe, expect, it } from 'vitest';
import { monthlyQuota, requestsPerMinute } from './plans.js';
import type { Workspace, WorkspaceLimits } from '../shared/types.js';
import { resolveLimits } from './workspaces.js';

const starter: WorkspaceLimits = { plan: 'starter', rateLimitPerMinute: null, monthlyQuota: null, billingCycleDay: 1 };
const asWorkspace = (limits: WorkspaceLimits): Workspace => ({ ...limits, id: 1, name: 'w', createdAt: new Date() });

describe('workspace limits', () => {
  it('starter and growth use the plan limits; enterprise sets its own or falls back to 6000 / unlimited', () => {
    expect([requestsPerMinute(asWorkspace(starter)), monthlyQuota(asWorkspace(starter))]).toEqual([60, 10_000]);
    const growth = resolveLimits(starter, { plan: 'growth', billingCycleDay: 15 });
    expect(growth).toEqual({ plan: 'growth', rateLimitPerMinute: null, monthlyQuota: null, billingCycleDay: 15 });
    expect([requestsPerMinute(asWorkspace(growth)), monthlyQuota(asWorkspace(growth))]).toEqual([300, 100_000]);
    const enterprise = resolveLimits(growth, { plan: 'enterprise', rateLimitPerMinute: 1200, monthlyQuota: 500 });
    expect(enterprise).toEqual({
      plan: 'enterprise',
      rateLimitPerMinute: 1200,
      monthlyQuota: 500,
      billingCycleDay: 15,
    });
    expect(monthlyQuota(asWorkspace(resolveLimits(starter, { plan: 'enterprise' })))).toBeNull();
    expect(requestsPerMinute(asWorkspace(resolveLimits(starter, { plan: 'enterprise' })))).toBe(6000);
  });

  it('keeps enterprise limits not mentioned, clears them when leaving enterprise, and "unlimited" is null', () => {
    const enterprise: WorkspaceLimits = {
      plan: 'enterprise',
      rateLimitPerMinute: 900,
      monthlyQuota: 50,
      billingCycleDay: 3,
    };
    expect(resolveLimits(enterprise, { monthlyQuota: null })).toEqual({ ...enterprise, monthlyQuota: null });
    expect(resolveLimits(enterprise, { billingCycleDay: 28 })).toEqual({ ...enterprise, billingCycleDay: 28 });
    expect(resolveLimits(enterprise, { plan: 'starter' })).toEqual({
      plan: 'starter',
      rateLimitPerMinute: null,
      monthlyQuota: null,
      billingCycleDay: 3,
    });
  });

  it('refuses custom limits off enterprise and values out of range', () => {
    expect(() => resolveLimits(starter, { rateLimitPerMinute: 100 })).toThrow(/only enterprise/);
    expect(() => resolveLimits(starter, { plan: 'growth', monthlyQuota: 5 })).toThrow(/only enterprise/);
    // "unlimited" (null) and "default" (null) are custom limits too: off enterprise they are refused, not ignored.
    expect(() => resolveLimits(starter, { monthlyQuota: null })).toThrow(/quota.*only enterprise/);
    expect(() => resolveLimits(starter, { rateLimitPerMinute: null })).toThrow(/rate limit.*only enterprise/);
    expect(() => resolveLimits(starter, { billingCycleDay: 29 })).toThrow(/1 to 28/);
    expect(() => resolveLimits(starter, { billingCycleDay: 0 })).toThrow(/1 to 28/);
    expect(() => resolveLimits(starter, { plan: 'enterprise', rateLimitPerMinute: 0 })).toThrow(/positive/);
    expect(() => resolveLimits(starter, { plan: 'gold' as 'starter' })).toThrow(/plan/);
  });
});
