// First-start setup: the `default` workspace and its admin key (TEXTCLASS_API_KEY when set, idempotent; else one generated and printed once).
import { describeKey, generateApiKey, looksLikeApiKey } from './api-key-tokens.js';
import type { Repositories } from '../ports/repositories.js';
import type { Workspace } from '../shared/types.js';

export const DEFAULT_WORKSPACE = 'default';

export interface BootstrapResult {
  workspace: Workspace;
  /** The key to print: the configured one, or one generated now (shown once). */
  announcedKey: string | undefined;
  generated: boolean;
  /** Set when TEXTCLASS_API_KEY names a key that was revoked: it stays revoked, and the start says so (revokedKeyNotice). */
  configuredKeyRevokedAt?: Date;
}

/**
 * What the start says about a revoked TEXTCLASS_API_KEY. The server starts anyway: an admin revoked that key with
 * another admin key on purpose (the other keys go on working), so bringing it back would undo the revocation, and
 * refusing to start would make a routine key rotation an outage until every process's environment is edited.
 */
export function revokedKeyNotice(revokedAt: Date): string {
  return (
    `TEXTCLASS_API_KEY names a key revoked at ${revokedAt.toISOString()}: it stays revoked (401 on every request); ` +
    'unset TEXTCLASS_API_KEY or choose another'
  );
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
    // Matched by its hash whatever its state: a revoked one holds the hash too (inserting it again broke every restart).
    const existing = await repos.apiKeys.findByHash(key.keyHash);
    if (existing?.revokedAt)
      return { workspace, announcedKey: configuredKey, generated: false, configuredKeyRevokedAt: existing.revokedAt };
    if (!existing) {
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
