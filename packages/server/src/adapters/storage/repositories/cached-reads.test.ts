// Cached caller and model reads on PGlite and PostgreSQL: served from memory until their row changes, here or anywhere, and never while the change feed is down.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Model, Workspace } from '../../../core/shared/types.js';
import { ChangeFanout, parseChange } from '../change-feed.js';
import { createRepositories } from '../index.js';
import { createWorkspace, insertTestKey, newModel, sha256Hex } from '../testing/fixtures.js';
import { testTargets, type TestDatabase } from '../testing/targets.js';
import { withCachedReads } from './cached-reads.js';

/** The plain repositories with their two cached reads counted, to tell a hit (no read) from a miss. */
function counted(plain: Repositories) {
  const reads = { callers: 0, models: 0 };
  let gate: Promise<void> | undefined;
  const repos: Repositories = {
    ...plain,
    apiKeys: {
      ...plain.apiKeys,
      findActiveCallerByHash: async (hash) => {
        reads.callers += 1;
        return plain.apiKeys.findActiveCallerByHash(hash);
      },
    },
    models: {
      ...plain.models,
      get: async (workspaceId, id) => {
        reads.models += 1;
        const model = await plain.models.get(workspaceId, id);
        await gate;
        return model;
      },
    },
  };
  /** Holds model reads after they read, until the returned function is called. */
  const holdModelReads = () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    return () => {
      gate = undefined;
      release();
    };
  };
  return { repos, reads, holdModelReads };
}

/** Polls until check() holds (every 5 ms, at most 10 s): changes from elsewhere arrive asynchronously. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the change was not seen within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('change payloads', () => {
  it('name a row or a whole table of this schema, anything else is ignored', () => {
    expect(parseChange('public api_keys 12', 'public')).toEqual({ table: 'api_keys', id: 12 });
    expect(parseChange('tc_x models *', 'tc_x')).toEqual({ table: 'models', id: undefined });
    expect(parseChange('other models 3', 'public')).toBeUndefined();
    expect(parseChange('public datasets 3', 'public')).toBeUndefined();
    expect(parseChange('public models 3x', 'public')).toBeUndefined();
    expect(parseChange('public models 3 4', 'public')).toBeUndefined();
    expect(parseChange('', 'public')).toBeUndefined();
  });
});

describe.each(testTargets())('cached reads on $label', (target) => {
  let database: TestDatabase;
  let plain: Repositories;
  let workspace: Workspace;

  beforeAll(async () => {
    database = await target.open();
    plain = createRepositories(database.db);
    workspace = await createWorkspace(plain);
  });
  afterAll(() => database?.dispose());

  const newKey = (name: string, inWorkspace = workspace) => insertTestKey(plain, inWorkspace.id, name);
  const newModelRow = (name: string) => plain.models.create(newModel(workspace.id, `${name}-${Math.random()}`));

  it('serve a caller and a model from memory while nothing changes, and only found ones', async () => {
    const { repos, reads } = counted(plain);
    const cached = withCachedReads(repos, database.changes);
    const { hash } = await newKey('steady');
    const model = await newModelRow('steady');
    for (let i = 0; i < 3; i++) {
      expect((await cached.apiKeys.findActiveCallerByHash(hash))?.key.name).toBe('steady');
      expect((await cached.models.get(workspace.id, model.id))?.id).toBe(model.id);
      expect(await cached.apiKeys.findActiveCallerByHash(sha256Hex('no such key'))).toBeUndefined();
    }
    expect(reads).toEqual({ callers: 1 + 3, models: 1 });
    const other = await createWorkspace(plain);
    expect(await cached.models.get(other.id, model.id)).toBeUndefined();
    expect((await cached.models.get(workspace.id, model.id))?.id).toBe(model.id);
    expect(reads.models).toBe(2);
  });

  it("see this process's own writes on the next read, with no notification at all", async () => {
    const silent = new ChangeFanout();
    silent.resumed();
    const cached = withCachedReads(plain, silent);
    const { hash, id } = await newKey('own-writes');
    const model = await newModelRow('own-writes');
    const caller = () => cached.apiKeys.findActiveCallerByHash(hash);
    const current = () => cached.models.get(workspace.id, model.id);
    expect((await caller())?.key.lastUsedAt).toBeNull();
    expect((await current())?.status).toBe('deployed');

    const usedAt = new Date('2026-01-02T03:04:05Z');
    await cached.apiKeys.touchLastUsed(id, usedAt);
    expect((await caller())?.key.lastUsedAt).toEqual(usedAt);
    await cached.workspaces.update(workspace.id, {
      plan: 'growth',
      rateLimitPerMinute: 42,
      monthlyQuota: 7,
      billingCycleDay: 3,
    });
    expect((await caller())?.workspace).toMatchObject({ plan: 'growth', rateLimitPerMinute: 42, billingCycleDay: 3 });
    await cached.lifecycle.update(workspace.id, model.id, () => ({ status: 'archived' }));
    expect((await current())?.status).toBe('archived');
    await cached.lifecycle.setVersionMetrics(model.id, 1, { accuracy: 0.5, f1_macro: 0.5, per_class: {} }, new Date());
    expect((await current())?.metrics.accuracy).toBe(0.5);
    await cached.apiKeys.revoke(workspace.id, id, new Date());
    expect(await caller()).toBeUndefined();
    await cached.lifecycle.remove(workspace.id, model.id);
    expect(await current()).toBeUndefined();
  });

  it('see a change made elsewhere (another process, SQL by hand) once its notification arrives', async () => {
    const { repos, reads } = counted(plain);
    const cached = withCachedReads(repos, database.changes);
    const { hash, id } = await newKey('elsewhere');
    const model = await newModelRow('elsewhere');
    expect((await cached.apiKeys.findActiveCallerByHash(hash))?.key.role).toBe('admin');
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('deployed');

    await sql`update api_keys set role = 'reader' where id = ${id}`.execute(database.db);
    await eventually(async () => (await cached.apiKeys.findActiveCallerByHash(hash))?.key.role === 'reader');
    await plain.lifecycle.update(workspace.id, model.id, () => ({ status: 'undeployed' }));
    await eventually(async () => (await cached.models.get(workspace.id, model.id))?.status === 'undeployed');
    await sql`update workspaces set rate_limit_per_minute = 9 where id = ${workspace.id}`.execute(database.db);
    await eventually(
      async () => (await cached.apiKeys.findActiveCallerByHash(hash))?.workspace.rateLimitPerMinute === 9,
    );
    await plain.lifecycle.remove(workspace.id, model.id);
    await eventually(async () => (await cached.models.get(workspace.id, model.id)) === undefined);
    await plain.apiKeys.revoke(workspace.id, id, new Date());
    await eventually(async () => (await cached.apiKeys.findActiveCallerByHash(hash)) === undefined);
    // Between the changes the answers came from memory: far fewer reads than lookups.
    const before = { ...reads };
    for (let i = 0; i < 5; i++) await cached.apiKeys.findActiveCallerByHash(sha256Hex('never'));
    expect(reads.callers).toBe(before.callers + 5);
  });

  it('answer a read that raced a change without keeping it', async () => {
    const { repos, reads, holdModelReads } = counted(plain);
    const silent = new ChangeFanout();
    silent.resumed();
    const cached = withCachedReads(repos, silent);
    const model = await newModelRow('raced');
    const release = holdModelReads();
    const during: Promise<Model | undefined> = cached.models.get(workspace.id, model.id);
    await eventually(async () => reads.models === 1);
    await cached.lifecycle.update(workspace.id, model.id, () => ({ status: 'undeployed' }));
    release();
    expect((await during)?.id).toBe(model.id);
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('undeployed');
    expect(reads.models).toBe(2);
  });

  it('go to the database on every read while the feed is down, and cache again once it is back', async () => {
    const { repos, reads } = counted(plain);
    const feed = new ChangeFanout();
    feed.resumed();
    const cached = withCachedReads(repos, feed);
    const { hash, id } = await newKey('feed-down');
    await cached.apiKeys.findActiveCallerByHash(hash);
    await cached.apiKeys.findActiveCallerByHash(hash);
    expect(reads.callers).toBe(1);

    feed.lost();
    // Revoked where this feed cannot hear of it: only a read from the database can know.
    await plain.apiKeys.revoke(workspace.id, id, new Date());
    expect(await cached.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    const other = await newKey('feed-down-2');
    await cached.apiKeys.findActiveCallerByHash(other.hash);
    await cached.apiKeys.findActiveCallerByHash(other.hash);
    expect(reads.callers).toBe(4);

    feed.resumed();
    await cached.apiKeys.findActiveCallerByHash(other.hash);
    await cached.apiKeys.findActiveCallerByHash(other.hash);
    expect(reads.callers).toBe(5);
  });

  it('hand out frozen values, so no reader can change what the next one gets', async () => {
    const cached = withCachedReads(plain, database.changes);
    const { hash } = await newKey('frozen');
    const caller = await cached.apiKeys.findActiveCallerByHash(hash);
    expect(() => {
      (caller!.workspace as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    const model = await newModelRow('frozen');
    const got = await cached.models.get(workspace.id, model.id);
    expect(() => {
      got!.labels.push({ name: 'extra', descriptions: [] });
    }).toThrow(TypeError);
    expect((await cached.models.get(workspace.id, model.id))?.labels).toHaveLength(2);
  });

  it('keep at most the configured number of entries, and still drop a key evicted and read again', async () => {
    const { repos, reads } = counted(plain);
    const silent = new ChangeFanout();
    silent.resumed();
    const cached = withCachedReads(repos, silent, 2);
    const keys = await Promise.all(['a', 'b', 'c'].map((n) => newKey(`lru-${n}`)));
    for (const { hash } of keys) await cached.apiKeys.findActiveCallerByHash(hash);
    await cached.apiKeys.findActiveCallerByHash(keys[0]!.hash);
    expect(reads.callers).toBe(4);
    await cached.apiKeys.findActiveCallerByHash(keys[2]!.hash);
    expect(reads.callers).toBe(4);
    await cached.apiKeys.revoke(workspace.id, keys[0]!.id, new Date());
    expect(await cached.apiKeys.findActiveCallerByHash(keys[0]!.hash)).toBeUndefined();
  });

  it('drop everything of a table that is truncated', async () => {
    const { repos, reads } = counted(plain);
    const cached = withCachedReads(repos, database.changes);
    const { hash } = await newKey('truncated');
    await cached.apiKeys.findActiveCallerByHash(hash);
    await sql`truncate api_keys`.execute(database.db);
    await eventually(async () => (await cached.apiKeys.findActiveCallerByHash(hash)) === undefined);
    expect(reads.callers).toBeGreaterThan(1);
  });
});
