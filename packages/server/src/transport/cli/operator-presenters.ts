// What the operator commands print for a key or a workspace: one JSON line each, the key never shown (its prefix and
// last four characters are).
import type { ApiKeyRecord, Workspace } from '../../core/shared/types.js';
import { monthlyQuota, requestsPerMinute } from '../../core/tenancy/plans.js';

/** One JSON line per key: never the key itself, only its prefix and last four characters. */
export function describeKey(key: ApiKeyRecord): string {
  return JSON.stringify({
    id: key.id,
    name: key.name,
    role: key.role,
    prefix: key.prefix,
    last_four: key.lastFour,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  });
}

/** One JSON line per workspace, with the limits in effect. */
export function describeWorkspace(workspace: Workspace): string {
  return JSON.stringify({
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    rate_limit_per_minute: requestsPerMinute(workspace),
    monthly_quota: monthlyQuota(workspace),
    billing_cycle_day: workspace.billingCycleDay,
    created_at: workspace.createdAt.toISOString(),
  });
}
