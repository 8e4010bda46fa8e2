// Caches the two reads every request makes (the caller by key hash, a model by id), dropping an entry when its row changes: at once for this process's writes, by the change feed for everyone's.
import type { Repositories } from '../../../core/ports/repositories.js';
import type { ChangeFeed } from '../change-feed.js';
import { CallerCache, ModelCache } from './read-caches.js';

/** Most entries per cache; the least recently used goes first. */
const DEFAULT_MAX_ENTRIES = 10_000;

/** Runs a write, then drops what it may have changed, whether it succeeded or not (a failed commit may have landed). */
async function thenForget<T>(write: Promise<T>, forget: () => void): Promise<T> {
  try {
    return await write;
  } finally {
    forget();
  }
}

/**
 * The repositories with `apiKeys.findActiveCallerByHash` and `models.get` cached while `changes` is live. The writes
 * of these repositories that change a cached row drop it as they return, so this process sees its own writes at
 * once; every other change (another process, the CLI on PostgreSQL, SQL by hand) arrives through the feed, which the
 * triggers of migration 0008 fill. Values come back frozen and shared, so callers must not change them.
 */
export function withCachedReads(
  repos: Repositories,
  changes: ChangeFeed,
  maxEntries = DEFAULT_MAX_ENTRIES,
): Repositories {
  const callers = new CallerCache(changes, maxEntries);
  const models = new ModelCache(changes, maxEntries);
  const { apiKeys, workspaces, lifecycle } = repos;
  return {
    ...repos,
    apiKeys: {
      ...apiKeys,
      findActiveCallerByHash: (keyHash) => callers.get(keyHash, () => apiKeys.findActiveCallerByHash(keyHash)),
      touchLastUsed: (id, at) => thenForget(apiKeys.touchLastUsed(id, at), () => callers.keyChanged(id)),
      revoke: (workspaceId, id, at) => thenForget(apiKeys.revoke(workspaceId, id, at), () => callers.keyChanged(id)),
    },
    workspaces: {
      ...workspaces,
      update: (id, limits) => thenForget(workspaces.update(id, limits), () => callers.workspaceChanged(id)),
    },
    models: {
      ...repos.models,
      get: (workspaceId, id) => models.get(workspaceId, id, () => repos.models.get(workspaceId, id)),
    },
    lifecycle: {
      ...lifecycle,
      update: (workspaceId, modelId, decide) =>
        thenForget(lifecycle.update(workspaceId, modelId, decide), () => models.modelChanged(modelId)),
      remove: (workspaceId, modelId) =>
        thenForget(lifecycle.remove(workspaceId, modelId), () => models.modelChanged(modelId)),
      setVersionMetrics: (modelId, version, metrics, evaluatedAt, configPatch) =>
        thenForget(lifecycle.setVersionMetrics(modelId, version, metrics, evaluatedAt, configPatch), () =>
          models.modelChanged(modelId),
        ),
    },
  };
}
