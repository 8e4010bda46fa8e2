// What the operator commands print for a key or a workspace: one JSON line each (a key as the API presents it).
import type { ApiKeyRecord, Workspace } from '../../core/shared/types.js';
import { monthlyQuota, requestsPerMinute } from '../../core/tenancy/plans.js';
import { presentApiKey } from '../http/presenters/presenters.js';

/** One JSON line per key, as the API presents it: never the key itself, only its prefix and last four characters. */
export function describeKey(key: ApiKeyRecord): string {
  return JSON.stringify(presentApiKey(key));
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
