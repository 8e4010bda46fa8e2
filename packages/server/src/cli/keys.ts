// `textclass keys create`: mint an API key for a workspace (printed once, stored hashed).
import { Option, type Command } from 'commander';
import { generateApiKey } from '../core/api-keys.js';
import type { Role } from '../core/types.js';
import { addStorageOptions, type StorageFlags } from './options.js';
import { withRepositories } from './with-runtime.js';

interface CreateKeyFlags extends StorageFlags {
  workspace: string;
  role: Role;
  name: string;
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys');
  addStorageOptions(keys.command('create').description('create an API key and print it once'))
    .option('--workspace <name>', 'workspace of the key', 'default')
    .addOption(new Option('--role <role>', 'what the key may do').choices(['reader', 'member', 'admin']).default('member'))
    .option('--name <name>', 'a label to recognise the key by', 'cli')
    .action(async (flags: CreateKeyFlags) => {
      const created = await withRepositories(flags, async (repos, workspaceNamed) => {
        const workspace = await workspaceNamed(flags.workspace);
        const key = generateApiKey();
        await repos.apiKeys.insert({ workspaceId: workspace.id, prefix: key.prefix, lastFour: key.lastFour, keyHash: key.keyHash, role: flags.role, name: flags.name });
        return { key: key.key, workspace: workspace.name };
      });
      process.stdout.write(`${created.key}\n`);
      process.stderr.write(`created a ${flags.role} key for workspace "${created.workspace}"; it is not shown again\n`);
    });
}
