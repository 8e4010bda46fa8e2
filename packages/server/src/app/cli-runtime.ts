// Runs a CLI action against the database directly (no HTTP), closing it afterwards.
import { bootstrapDefaultWorkspace, DEFAULT_WORKSPACE } from '../core/tenancy/bootstrap.js';
import type { Repositories } from '../core/ports/repositories.js';
import type { Workspace } from '../core/shared/types.js';
import { createLogger } from '../adapters/observability/logger.js';
import { createRepositories, openDatabase } from '../adapters/storage/index.js';
import { configFrom, type StorageFlags } from '../transport/cli/options.js';

export async function withRepositories<T>(
  flags: StorageFlags,
  action: (repos: Repositories, workspaceNamed: (name: string) => Promise<Workspace>) => Promise<T>,
): Promise<T> {
  const config = configFrom(flags);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    const repos = createRepositories(database.db);
    const workspaceNamed = async (name: string) => {
      const found = await repos.workspaces.findByName(name);
      if (found) return found;
      if (name === DEFAULT_WORKSPACE) return (await bootstrapDefaultWorkspace(repos, config.apiKey)).workspace;
      throw new Error(`workspace "${name}" does not exist`);
    };
    return await action(repos, workspaceNamed);
  } finally {
    await database.close();
  }
}

/** Opens the database, which applies the pending migrations, and closes it: what `textclass migrate` runs. */
export async function migrateDatabase(
  flags: StorageFlags,
): Promise<{ kind: string; where: string; applied: string[] }> {
  const config = configFrom(flags);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await database.close();
  return { kind: database.kind, where: database.where, applied: database.migrationsApplied };
}
