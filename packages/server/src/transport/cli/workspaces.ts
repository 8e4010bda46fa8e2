// `textclass workspaces create|list|update`: the operator manages workspaces on the database (or through the running server).
import { Option, type Command } from 'commander';
import type { Plan } from '../../core/shared/types.js';
import { PLANS, type WorkspaceInput } from '../../core/tenancy/workspaces.js';
import { addOperatorStorageOptions, storageFlagsOf, type StorageFlags } from './options.js';
import { addJsonOption } from './output-mode.js';
import { runCliCommand } from './run-operator.js';

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
  return addJsonOption(addOperatorStorageOptions(command))
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

export function registerWorkspaceCommands(program: Command): void {
  const workspaces = program
    .command('workspaces')
    .description('manage workspaces (plan, limits, billing day; also while `textclass serve` runs)');
  withLimitOptions(
    workspaces.command('create').description('create a workspace').argument('<name>', 'unique workspace name'),
  ).action(async (name: string, flags: LimitFlags) => {
    await runCliCommand(storageFlagsOf(flags), { command: 'workspaces.create', name, input: inputOf(flags) });
  });
  addJsonOption(addOperatorStorageOptions(workspaces.command('list').description('list workspaces'))).action(
    async (flags: StorageFlags) => {
      await runCliCommand(storageFlagsOf(flags), { command: 'workspaces.list' });
    },
  );
  withLimitOptions(
    workspaces.command('update').description('change plan, limits or billing day').argument('<name>', 'workspace name'),
  ).action(async (name: string, flags: LimitFlags) => {
    await runCliCommand(storageFlagsOf(flags), { command: 'workspaces.update', name, input: inputOf(flags) });
  });
}
