// Operator management of workspaces (CLI): plan, custom enterprise limits and billing-cycle day, validated here.
import { invalid } from '../shared/domain-errors.js';
import type { WorkspaceRepository } from '../ports/repositories.js';
import type { Plan, Workspace, WorkspaceLimits } from '../shared/types.js';

export const PLANS: readonly Plan[] = ['starter', 'growth', 'enterprise'];

export interface WorkspaceInput {
  plan?: Plan | undefined;
  /** Enterprise only; null goes back to the plan's default. */
  rateLimitPerMinute?: number | null | undefined;
  /** Enterprise only; null means unlimited. */
  monthlyQuota?: number | null | undefined;
  billingCycleDay?: number | undefined;
}

function checkName(name: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
    invalidThrow('name', 'use 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit');
}

function invalidThrow(field: string, problem: string): never {
  throw invalid(field, problem);
}

/** The stored limits after applying `input` to `current`; custom limits exist only on enterprise. */
export function resolveLimits(current: WorkspaceLimits, input: WorkspaceInput): WorkspaceLimits {
  const plan = input.plan ?? current.plan;
  if (!PLANS.includes(plan)) invalidThrow('plan', `must be one of ${PLANS.join(', ')}`);
  const day = input.billingCycleDay ?? current.billingCycleDay;
  if (!Number.isInteger(day) || day < 1 || day > 28) invalidThrow('billing day', 'must be an integer from 1 to 28');
  if (plan !== 'enterprise') {
    // null ("unlimited", "default") is a custom limit as much as a number: refused, never silently ignored.
    if (input.rateLimitPerMinute !== undefined || input.monthlyQuota !== undefined) {
      invalidThrow(
        input.rateLimitPerMinute !== undefined ? 'rate limit' : 'quota',
        `only enterprise workspaces have custom limits; "${plan}" uses the plan's`,
      );
    }
    return { plan, rateLimitPerMinute: null, monthlyQuota: null, billingCycleDay: day };
  }
  const keepCustom = current.plan === 'enterprise';
  const rate =
    input.rateLimitPerMinute !== undefined ? input.rateLimitPerMinute : keepCustom ? current.rateLimitPerMinute : null;
  const quota = input.monthlyQuota !== undefined ? input.monthlyQuota : keepCustom ? current.monthlyQuota : null;
  if (rate !== null && (!Number.isSafeInteger(rate) || rate < 1))
    invalidThrow('rate limit', 'must be a positive integer');
  if (quota !== null && (!Number.isSafeInteger(quota) || quota < 0 || quota > 2_147_483_647))
    invalidThrow('quota', 'must be an integer from 0 to 2147483647, or unlimited');
  return { plan, rateLimitPerMinute: rate, monthlyQuota: quota, billingCycleDay: day };
}

export class WorkspaceService {
  constructor(private readonly workspaces: WorkspaceRepository) {}

  async create(name: string, input: WorkspaceInput): Promise<Workspace> {
    checkName(name);
    if (await this.workspaces.findByName(name)) invalidThrow('name', `a workspace named "${name}" already exists`);
    const limits = resolveLimits(
      { plan: input.plan ?? 'starter', rateLimitPerMinute: null, monthlyQuota: null, billingCycleDay: 1 },
      input,
    );
    return this.workspaces.create({ name, ...limits });
  }

  list(): Promise<Workspace[]> {
    return this.workspaces.list();
  }

  async update(name: string, input: WorkspaceInput): Promise<Workspace> {
    const current = await this.workspaces.findByName(name);
    if (!current) invalidThrow('name', `workspace "${name}" does not exist`);
    const updated = await this.workspaces.update(current.id, resolveLimits(current, input));
    if (!updated) invalidThrow('name', `workspace "${name}" does not exist`);
    return updated;
  }
}
