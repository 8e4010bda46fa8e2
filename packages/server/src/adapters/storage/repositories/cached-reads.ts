// Caches the two reads every request makes (the caller by key hash, a model by id) until their tables are written.
import { LruMap } from '../../../core/shared/lru-map.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { TableWriteWatch } from '../table-write-watch.js';

/** Most entries per cache; the least recently used goes first. */
const DEFAULT_MAX_ENTRIES = 10_000;

/** Freezes plain objects and arrays all the way down, so a cached value cannot be changed by one of its readers. */
function deepFreeze<T>(value: T): T {
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.isFrozen(value) ||
    ArrayBuffer.isView(value) ||
    value instanceof Date
  )
    return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * A read-through cache whose entries are valid while the watch's generation is the one they were read at. A value read
 * while a write ran is stored under the generation from before the read, so it is never served after that write.
 * Lookups that find nothing are not cached (a miss costs the same as before, and unknown keys cannot fill the cache).
 */
class GenerationCache<V> {
  private readonly entries: LruMap<string, { generation: number; value: V }>;

  constructor(
    private readonly writes: TableWriteWatch,
    maxEntries: number,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  async get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.writes.value) return entry.value;
    const generation = this.writes.value;
    const value = await read();
    if (value === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.set(key, { generation, value: deepFreeze(value) });
    return value;
  }
}

/**
 * The repositories with `apiKeys.findActiveCallerByHash` and `models.get` cached. Only for a database whose every
 * statement the watch sees (embedded PGlite); values come back frozen and shared, so callers must not change them.
 */
export function withCachedReads(
  repos: Repositories,
  writes: TableWriteWatch,
  maxEntries = DEFAULT_MAX_ENTRIES,
): Repositories {
  const callers = new GenerationCache<Awaited<ReturnType<Repositories['apiKeys']['findActiveCallerByHash']>> & object>(
    writes,
    maxEntries,
  );
  const models = new GenerationCache<Awaited<ReturnType<Repositories['models']['get']>> & object>(writes, maxEntries);
  return {
    ...repos,
    apiKeys: {
      ...repos.apiKeys,
      findActiveCallerByHash: (keyHash) => callers.get(keyHash, () => repos.apiKeys.findActiveCallerByHash(keyHash)),
    },
    models: {
      ...repos.models,
      get: (workspaceId, id) => models.get(`${workspaceId}:${id}`, () => repos.models.get(workspaceId, id)),
    },
  };
}
