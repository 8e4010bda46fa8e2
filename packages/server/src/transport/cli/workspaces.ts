// `textclass workspaces create|list|update`: the operator manages workspaces straight on the database.
import { Option, type Command } from 'commander';
import { monthlyQuota, requestsPerMinute } from '../../core/tenancy/plans.js';
import type { Plan, Workspace } from '../../core/shared/types.js';
import { PLANS, WorkspaceService, type WorkspaceInput } from '../../core/tenancy/workspaces.js';
import { addStorageOptions, type StorageFlags } from './options.js';
import { withRepositories } from '../../app/cli-runtime.js';

interface LimitFlags extends StorageFlags {
  plan?: Plan;
  rateLimit?: number | 'default';
  quota?: number | 'unlimited';
  billingDay?: number;
}

/** Commander cannot hold null, so the keyword itself is kept and turned into null in `inputOf`. */
function integer(name: string, keyword?: string) {
  return (raw: string): number | string => {
    if (keyword !== undefined && raw === keyword) return keyword;
    if (!/^\d+$/.test(raw))
      throw new Error(`${name} must be a whole number${keyword ? ` or "${keyword}"` : ''}, got "${raw}"`);
    return Number(raw);
  };
}

function withLimitOptions(command: Command): Command {
  return addStorageOptions(command)
    .addOption(new Option('--plan <plan>', 'starter, growth or enterprise').choices(PLANS))
    .addOption(
      new Option(
        '--rate-limit <n|default>',
        'requests per minute (enterprise only; "default" = the plan\'s 6000)',
      ).argParser(integer('--rate-limit', 'default')),
    )
    .addOption(
      new Option('--quota <n|unlimited>', 'classified texts per billing period (enterprise only)').argParser(
        integer('--quota', 'unlimited'),
      ),
    )
    .addOption(
      new Option('--billing-day <day>', 'day of the month the quota period starts, 1 to 28').argParser(
        integer('--billing-day'),
      ),
    );
}

function inputOf(flags: LimitFlags): WorkspaceInput {
  const orNull = <T>(value: T | string | undefined) => (typeof value === 'string' ? null : value);
  return {
    plan: flags.plan,
    rateLimitPerMinute: orNull(flags.rateLimit),
    monthlyQuota: orNull(flags.quota),
    billingCycleDay: flags.billingDay,
  };
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

export function registerWorkspaceCommands(program: Command): void {
  const workspaces = program.command('workspaces').description('manage workspaces (plan, limits, billing day)');
  withLimitOptions(
    workspaces.command('create').description('create a workspace').argument('<name>', 'unique workspace name'),
  ).action(async (name: string, flags: LimitFlags) => {
    const created = await withRepositories(flags, (repos) =>
      new WorkspaceService(repos.workspaces).create(name, inputOf(flags)),
    );
    process.stdout.write(`${describeWorkspace(created)}\n`);
  });
  addStorageOptions(workspaces.command('list').description('list workspaces, one JSON line each')).action(
    async (flags: StorageFlags) => {
      const all = await withRepositories(flags, (repos) => new WorkspaceService(repos.workspaces).list());
      process.stdout.write(all.map((w) => `${describeWorkspace(w)}\n`).join(''));
    },
  );
  withLimitOptions(
    workspaces.command('update').description('change plan, limits or billing day').argument('<name>', 'workspace name'),
  ).action(async (name: string, flags: LimitFlags) => {
    const updated = await withRepositories(flags, (repos) =>
      new WorkspaceService(repos.workspaces).update(name, inputOf(flags)),
    );
    process.stdout.write(`${describeWorkspace(updated)}\n`);
  });
}
