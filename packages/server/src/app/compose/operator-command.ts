// The operator commands as data (keys, workspaces, datasets), what each prints, and the function that runs one: the
// shape the CLI and a running server's control socket share. transport/cli/operator-commands.ts implements it.
import type { Repositories } from '../../core/ports/repositories.js';
import type { DatasetColumn, Role } from '../../core/shared/types.js';
import type { WorkspaceInput } from '../../core/tenancy/workspaces.js';

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

/** Runs one command on these repositories. `bootstrapKey`: TEXTCLASS_API_KEY of whoever runs it. */
export type RunOperatorCommand = (
  repos: Repositories,
  bootstrapKey: string | undefined,
  op: OperatorCommand,
) => Promise<CommandOutput>;
