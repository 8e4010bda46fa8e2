// Plan limits (requests per minute, burst, monthly quota per plan) and the effective per-minute limit and quota of a workspace.
import type { Plan, Workspace } from '../shared/types.js';

export interface PlanLimits {
  requestsPerMinute: number;
  monthlyQuota: number | null;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  starter: { requestsPerMinute: 60, monthlyQuota: 10_000 },
  growth: { requestsPerMinute: 300, monthlyQuota: 100_000 },
  enterprise: { requestsPerMinute: 6_000, monthlyQuota: null },
};

export function requestsPerMinute(workspace: Workspace): number {
  return workspace.rateLimitPerMinute ?? PLAN_LIMITS[workspace.plan].requestsPerMinute;
}

/** Classified texts per billing period (null: unlimited); only enterprise workspaces set their own. */
export function monthlyQuota(workspace: Workspace): number | null {
  return workspace.plan === 'enterprise' ? workspace.monthlyQuota : PLAN_LIMITS[workspace.plan].monthlyQuota;
}
