// The caller (key hash → key and workspace) and model caches of one process: hits only, bounded, dropped per row on each change, off while the change feed is not live.
import { LruMap } from '../../../core/shared/lru-map.js';
import type { Model, StoredApiKey, Workspace } from '../../../core/shared/types.js';
import type { ChangeFeed, ChangeSubscriber, RowChange } from '../change-feed.js';

export interface CachedCaller {
  key: StoredApiKey;
  workspace: Workspace;
}

/** Freezes plain objects and arrays all the way down, so a cached value cannot be changed by one of its readers. */
export function deepFreeze<T>(value: T): T {
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
 * A read-through map that stores only what was read while the feed was live and nothing was dropped meanwhile: a read
 * that raced a change (a write here, a notification, a lost listener) is answered but not kept, so it cannot outlive
 * the change. Lookups that find nothing are never stored, so unknown keys cannot fill it.
 */
abstract class FeedGatedCache<K, V extends object> implements ChangeSubscriber {
  protected readonly entries: LruMap<K, V>;
  /** Counts drops; a read stores its answer only if this did not move while it ran. */
  private epoch = 0;

  constructor(
    private readonly feed: ChangeFeed,
    maxEntries: number,
  ) {
    this.entries = new LruMap(maxEntries, (key, value) => this.released(key, value));
    feed.subscribe(this);
  }

  /** The cached value; undefined when there is none or the feed is not live. */
  protected peek(key: K): V | undefined {
    return this.feed.live ? this.entries.get(key) : undefined;
  }

  /** Reads through, keeping a found value when no change can have been missed while reading. */
  protected async load(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const epoch = this.feed.live ? this.epoch : -1;
    const value = await read();
    if (value === undefined) return undefined;
    deepFreeze(value);
    if (epoch === this.epoch && this.feed.live) {
      this.entries.set(key, value);
      this.stored(key, value);
    }
    return value;
  }

  protected drop(key: K): void {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.released(key, value);
    }
  }

  /** Makes every read in flight discard its answer (call on each change that may concern this cache). */
  protected moved(): void {
    this.epoch += 1;
  }

  clear(): void {
    this.moved();
    for (const key of this.entries.keysWhere(() => true)) this.drop(key);
  }

  lost(): void {
    this.clear();
  }

  abstract changed(change: RowChange): void;
  protected stored(_key: K, _value: V): void {}
  protected released(_key: K, _value: V): void {}
}

/** Callers by the SHA-256 hex of their key; a key or workspace change drops the callers that carry that row. */
export class CallerCache extends FeedGatedCache<string, CachedCaller> {
  /** Key id → key hash of each cached caller (one hash per key), to drop a key's entry by id. */
  private readonly hashById = new Map<number, string>();

  get(keyHash: string, read: () => Promise<CachedCaller | undefined>): Promise<CachedCaller | undefined> {
    const hit = this.peek(keyHash);
    return hit ? Promise.resolve(hit) : this.load(keyHash, read);
  }

  changed({ table, id }: RowChange): void {
    if (table === 'models') return;
    if (id === undefined) this.clear();
    else if (table === 'api_keys') this.keyChanged(id);
    else this.workspaceChanged(id);
  }

  keyChanged(keyId: number): void {
    this.moved();
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) this.drop(hash);
  }

  workspaceChanged(workspaceId: number): void {
    this.moved();
    for (const hash of this.entries.keysWhere((caller) => caller.workspace.id === workspaceId)) this.drop(hash);
  }

  protected override stored(hash: string, caller: CachedCaller): void {
    this.hashById.set(caller.key.id, hash);
  }

  protected override released(hash: string, caller: CachedCaller): void {
    if (this.hashById.get(caller.key.id) === hash) this.hashById.delete(caller.key.id);
  }
}

/** Models by id (ids are unique across workspaces); an entry answers only for the workspace it belongs to. */
export class ModelCache extends FeedGatedCache<number, Model> {
  get(workspaceId: number, id: number, read: () => Promise<Model | undefined>): Promise<Model | undefined> {
    const hit = this.peek(id);
    if (hit && hit.workspaceId === workspaceId) return Promise.resolve(hit);
    // Another workspace's model is never stored under this id by this read: the read finds nothing.
    return this.load(id, read);
  }

  changed({ table, id }: RowChange): void {
    if (table !== 'models') return;
    if (id === undefined) this.clear();
    else this.modelChanged(id);
  }

  modelChanged(id: number): void {
    this.moved();
    this.drop(id);
  }
}
