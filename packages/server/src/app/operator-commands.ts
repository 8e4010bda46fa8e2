// The operator's key, workspace and dataset commands as data in, printed lines out: run by the CLI on the database, or by a running server for it.
import { datasetKey } from '../core/datasets/dataset-keys.js';
import { DatasetService } from '../core/datasets/datasets.js';
import { generateApiKey } from '../core/tenancy/api-key-tokens.js';
import { bootstrapDefaultWorkspace, DEFAULT_WORKSPACE } from '../core/tenancy/bootstrap.js';
import { ApiKeyService } from '../core/tenancy/key-management.js';
import { monthlyQuota, requestsPerMinute } from '../core/tenancy/plans.js';
import { WorkspaceService, type WorkspaceInput } from '../core/tenancy/workspaces.js';
import type { Repositories } from '../core/ports/repositories.js';
import type { ApiKeyRecord, DatasetColumn, Role, Workspace } from '../core/shared/types.js';

/** What a command prints: the same bytes whichever process ran it. */
export interface CommandOutput {
  stdout: string;
  stderr: string;
}

export type OperatorCommand =
  | { command: 'keys.create'; workspace: string; role: Role; name: string }
  | { command: 'keys.list'; workspace: string }
  | { command: 'keys.revoke'; workspace: string; keyId: number }
  | { command: 'workspaces.create'; name: string; input: WorkspaceInput }
  | { command: 'workspaces.list' }
  | { command: 'workspaces.update'; name: string; input: WorkspaceInput }
  | {
      command: 'datasets.create';
      workspace: string;
      name: string;
      columns: DatasetColumn[];
      textColumn: string;
      modelIds: number[];
    };

/** One JSON line per key: never the key itself, only its prefix and last four characters. */
function describeKey(key: ApiKeyRecord): string {
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

const lines = (items: string[]): CommandOutput => ({ stdout: items.map((line) => `${line}\n`).join(''), stderr: '' });

/** The workspace of that name; `default` is created on first use (with the configured key, if any). */
function workspaceFinder(repos: Repositories, bootstrapKey: string | undefined) {
  return async (name: string): Promise<Workspace> => {
    const found = await repos.workspaces.findByName(name);
    if (found) return found;
    if (name === DEFAULT_WORKSPACE) return (await bootstrapDefaultWorkspace(repos, bootstrapKey)).workspace;
    throw new Error(`workspace "${name}" does not exist`);
  };
}

async function allKeys(repos: Repositories, workspaceId: number): Promise<ApiKeyRecord[]> {
  const service = new ApiKeyService(repos.apiKeys);
  const all: ApiKeyRecord[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await service.list(workspaceId, { offset, limit: 100 });
    all.push(...page.items);
    if (offset + page.items.length >= page.total || page.items.length === 0) break;
  }
  return all;
}

/** Runs one command on these repositories. `bootstrapKey`: TEXTCLASS_API_KEY of whoever runs it. */
export async function runOperatorCommand(
  repos: Repositories,
  bootstrapKey: string | undefined,
  op: OperatorCommand,
): Promise<CommandOutput> {
  const workspaceNamed = workspaceFinder(repos, bootstrapKey);
  switch (op.command) {
    case 'keys.create': {
      const workspace = await workspaceNamed(op.workspace);
      const key = generateApiKey();
      await repos.apiKeys.insert({
        workspaceId: workspace.id,
        prefix: key.prefix,
        lastFour: key.lastFour,
        keyHash: key.keyHash,
        role: op.role,
        name: op.name,
      });
      return {
        stdout: `${key.key}\n`,
        stderr: `created ${op.role === 'admin' ? 'an' : 'a'} ${op.role} key for workspace "${workspace.name}"; it is not shown again\n`,
      };
    }
    case 'keys.list':
      return lines((await allKeys(repos, (await workspaceNamed(op.workspace)).id)).map(describeKey));
    case 'keys.revoke': {
      const workspace = await workspaceNamed(op.workspace);
      return lines([describeKey(await new ApiKeyService(repos.apiKeys).revoke(workspace.id, op.keyId))]);
    }
    case 'workspaces.create':
      return lines([describeWorkspace(await new WorkspaceService(repos.workspaces).create(op.name, op.input))]);
    case 'workspaces.list':
      return lines((await new WorkspaceService(repos.workspaces).list()).map(describeWorkspace));
    case 'workspaces.update':
      return lines([describeWorkspace(await new WorkspaceService(repos.workspaces).update(op.name, op.input))]);
    case 'datasets.create': {
      const workspace = await workspaceNamed(op.workspace);
      const service = new DatasetService(repos.datasets, repos.records, repos.models);
      const dataset = await service.create(workspace.id, {
        name: op.name,
        columns: op.columns,
        textColumn: op.textColumn,
        modelIds: op.modelIds,
      });
      const shown = { id: dataset.id, key: datasetKey(dataset.id), name: dataset.name, columns: dataset.columns };
      return lines([JSON.stringify(shown)]);
    }
  }
}
