// `textclass keys create|list|revoke`: mint (printed once, stored hashed), list and revoke a workspace's API keys.
import { Option, type Command } from 'commander';
import type { Role } from '../../core/shared/types.js';
import { addOperatorStorageOptions, storageFlagsOf, type StorageFlags } from './options.js';
import { addJsonOption } from './output-mode.js';
import { runCliCommand } from './run-operator.js';

interface WorkspaceFlags extends StorageFlags {
  workspace: string;
}

interface CreateKeyFlags extends StorageFlags {
  workspace: string;
  role: Role;
  name: string;
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys (also while `textclass serve` runs)');
  addOperatorStorageOptions(keys.command('create').description('create an API key and print it once'))
    .option('--workspace <name>', 'workspace of the key', 'default')
    .addOption(
      new Option('--role <role>', 'what the key may do').choices(['reader', 'member', 'admin']).default('member'),
    )
    .option('--name <name>', 'a label to recognise the key by', 'cli')
    .action(async (flags: CreateKeyFlags) => {
      await runCliCommand(storageFlagsOf(flags), {
        command: 'keys.create',
        workspace: flags.workspace,
        role: flags.role,
        name: flags.name,
      });
    });

  addJsonOption(
    addOperatorStorageOptions(keys.command('list').description('list the keys of a workspace (active and revoked)')),
  )
    .option('--workspace <name>', 'workspace of the keys', 'default')
    .action(async (flags: WorkspaceFlags) => {
      await runCliCommand(storageFlagsOf(flags), { command: 'keys.list', workspace: flags.workspace });
    });
  addJsonOption(
    addOperatorStorageOptions(
      keys
        .command('revoke')
        .description('revoke a key at once (it gets 401 from the next request)')
        .argument('<key_id>', 'id of the key, from `keys list`'),
    ),
  )
    .option('--workspace <name>', 'workspace of the key', 'default')
    .action(async (keyId: string, flags: WorkspaceFlags) => {
      if (!/^[1-9]\d{0,9}$/.test(keyId)) throw new Error(`key_id must be a positive integer, got "${keyId}"`);
      await runCliCommand(storageFlagsOf(flags), {
        command: 'keys.revoke',
        workspace: flags.workspace,
        keyId: Number(keyId),
      });
    });
}
