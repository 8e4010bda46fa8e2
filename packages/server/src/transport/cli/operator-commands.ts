// The operator's key, workspace and dataset commands as data in, printed lines out, on the core services: run by the
// CLI on the database, or by a running server for it (its control socket, handed this function by `serve`).
import { datasetKey } from '../../core/datasets/dataset-keys.js';
import { DatasetService } from '../../core/datasets/datasets.js';
import { bootstrapDefaultWorkspace, DEFAULT_WORKSPACE } from '../../core/tenancy/bootstrap.js';
import { ApiKeyService } from '../../core/tenancy/key-management.js';
import { WorkspaceService } from '../../core/tenancy/workspaces.js';
import type { Repositories } from '../../core/ports/repositories.js';
import type { ApiKeyRecord, Workspace } from '../../core/shared/types.js';
import type { CommandOutput, RunOperatorCommand } from '../../app/compose/operator-command.js';
import { describeKey, describeWorkspace } from './operator-presenters.js';

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
export const runOperatorCommand: RunOperatorCommand = async (repos, bootstrapKey, op) => {
  const workspaceNamed = workspaceFinder(repos, bootstrapKey);
  switch (op.command) {
    case 'keys.create': {
      const workspace = await workspaceNamed(op.workspace);
      const { key } = await new ApiKeyService(repos.apiKeys).create(workspace.id, { role: op.role, name: op.name });
      return {
        stdout: `${key}\n`,
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
};
