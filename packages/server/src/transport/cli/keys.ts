// `textclass keys create|list|revoke`: mint (printed once, stored hashed), list and revoke a workspace's API keys.
import { Option, type Command } from 'commander';
import { generateApiKey } from '../../core/tenancy/api-keys.js';
import { ApiKeyService } from '../../core/tenancy/key-management.js';
import type { ApiKeyRecord } from '../../core/shared/types.js';
import type { Role } from '../../core/shared/types.js';
import { addStorageOptions, type StorageFlags } from './options.js';
import { withRepositories } from '../../app/cli-runtime.js';

interface WorkspaceFlags extends StorageFlags {
  workspace: string;
}

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

interface CreateKeyFlags extends StorageFlags {
  workspace: string;
  role: Role;
  name: string;
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys');
  addStorageOptions(keys.command('create').description('create an API key and print it once'))
    .option('--workspace <name>', 'workspace of the key', 'default')
    .addOption(
      new Option('--role <role>', 'what the key may do').choices(['reader', 'member', 'admin']).default('member'),
    )
    .option('--name <name>', 'a label to recognise the key by', 'cli')
    .action(async (flags: CreateKeyFlags) => {
      const created = await withRepositories(flags, async (repos, workspaceNamed) => {
        const workspace = await workspaceNamed(flags.workspace);
        const key = generateApiKey();
        await repos.apiKeys.insert({
          workspaceId: workspace.id,
          prefix: key.prefix,
          lastFour: key.lastFour,
          keyHash: key.keyHash,
          role: flags.role,
          name: flags.name,
        });
        return { key: key.key, workspace: workspace.name };
      });
      process.stdout.write(`${created.key}\n`);
      process.stderr.write(`created a ${flags.role} key for workspace "${created.workspace}"; it is not shown again\n`);
    });

  addStorageOptions(
    keys.command('list').description('list the keys of a workspace (active and revoked), one JSON line each'),
  )
    .option('--workspace <name>', 'workspace of the keys', 'default')
    .action(async (flags: WorkspaceFlags) => {
      const lines = await withRepositories(flags, async (repos, workspaceNamed) => {
        const workspace = await workspaceNamed(flags.workspace);
        const service = new ApiKeyService(repos.apiKeys);
        const all: ApiKeyRecord[] = [];
        for (let offset = 0; ; offset += 100) {
          const page = await service.list(workspace.id, { offset, limit: 100 });
          all.push(...page.items);
          if (offset + page.items.length >= page.total || page.items.length === 0) break;
        }
        return all.map(describeKey);
      });
      process.stdout.write(lines.map((line) => `${line}\n`).join(''));
    });
  addStorageOptions(
    keys
      .command('revoke')
      .description('revoke a key at once (it gets 401 from the next request)')
      .argument('<key_id>', 'id of the key, from `keys list`'),
  )
    .option('--workspace <name>', 'workspace of the key', 'default')
    .action(async (keyId: string, flags: WorkspaceFlags) => {
      if (!/^[1-9]\d{0,9}$/.test(keyId)) throw new Error(`key_id must be a positive integer, got "${keyId}"`);
      const revoked = await withRepositories(flags, async (repos, workspaceNamed) => {
        const workspace = await workspaceNamed(flags.workspace);
        return new ApiKeyService(repos.apiKeys).revoke(workspace.id, Number(keyId));
      });
      process.stdout.write(`${describeKey(revoked)}\n`);
    });
}
