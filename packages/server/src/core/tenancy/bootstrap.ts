// First-start setup: the `default` workspace and its admin key (decisions.md, TEXTCLASS_API_KEY).
import { describeKey, generateApiKey, looksLikeApiKey } from './api-keys.js';
import type { Repositories } from '../ports/repositories.js';
import type { Workspace } from '../shared/types.js';

export const DEFAULT_WORKSPACE = 'default';

export interface BootstrapResult {
  workspace: Workspace;
  /** The key to print: the configured one, or one generated now (shown once). */
  announcedKey: string | undefined;
  generated: boolean;
}

export async function bootstrapDefaultWorkspace(
  repos: Repositories,
  configuredKey: string | undefined,
): Promise<BootstrapResult> {
  const workspace =
    (await repos.workspaces.findByName(DEFAULT_WORKSPACE)) ??
    (await repos.workspaces.create({
      name: DEFAULT_WORKSPACE,
      plan: 'enterprise',
      rateLimitPerMinute: 6_000,
      monthlyQuota: null,
      billingCycleDay: 1,
    }));
  if (configuredKey !== undefined) {
    if (!looksLikeApiKey(configuredKey)) {
      throw new Error('TEXTCLASS_API_KEY must look like tc_ followed by at least 20 letters, digits, "-" or "_"');
    }
    const key = describeKey(configuredKey);
    if (!(await repos.apiKeys.findActiveByHash(key.keyHash))) {
      await repos.apiKeys.insert({
        workspaceId: workspace.id,
        prefix: key.prefix,
        lastFour: key.lastFour,
        keyHash: key.keyHash,
        role: 'admin',
        name: 'bootstrap (TEXTCLASS_API_KEY)',
      });
    }
    return { workspace, announcedKey: configuredKey, generated: false };
  }
  if ((await repos.apiKeys.countActive()) > 0) return { workspace, announcedKey: undefined, generated: false };
  const key = generateApiKey();
  await repos.apiKeys.insert({
    workspaceId: workspace.id,
    prefix: key.prefix,
    lastFour: key.lastFour,
    keyHash: key.keyHash,
    role: 'admin',
    name: 'bootstrap (generated)',
  });
  return { workspace, announcedKey: key.key, generated: true };
}
