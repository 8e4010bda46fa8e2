// Cached caller and model reads on embedded PGlite: served from memory until their tables are written, then read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Model, Workspace } from '../../../core/shared/types.js';
import { openDatabase, type Database } from '../database.js';
import { createRepositories } from '../index.js';
import { IN_MEMORY } from '../pglite-open.js';
import { TableWriteWatch } from '../table-write-watch.js';
import { createWorkspace, newModel, sha256Hex } from '../testing/fixtures.js';
import { withCachedReads } from './cached-reads.js';

let database: Database;
let plain: Repositories;
let cached: Repositories;
let workspace: Workspace;

async function newKey(name: string): Promise<string> {
  const hash = sha256Hex(`${name}-${Math.random()}`);
  await plain.apiKeys.insert({
    workspaceId: workspace.id,
    prefix: 'tc_test',
    lastFour: 'abcd',
    keyHash: hash,
    role: 'admin',
    name,
  });
  return hash;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: IN_MEMORY });
  plain = createRepositories(database.db);
  cached = createRepositories(database.db, database.writes);
  workspace = await createWorkspace(plain);
});

afterAll(() => database.close());

describe('the table write watch', () => {
  it('counts statements that may write a watched table, and nothing else', () => {
    const watch = new TableWriteWatch(['api_keys', 'workspaces', 'models']);
    const counted = (sql: string) => {
      const before = watch.value;
      watch.observe(sql);
      return watch.value !== before;
    };
    expect(counted('select * from "models" where "id" = $1')).toBe(false);
    expect(counted('select * from "models" where "id" = $1 for update')).toBe(false);
    expect(counted('update "models" set "status" = $1 where "id" = $2')).toBe(true);
    expect(counted('insert into "api_keys" ("key_hash") values ($1)')).toBe(true);
    expect(counted('delete from workspaces where id = $1')).toBe(true);
    expect(counted('with moved as (update "models" set "status" = $1 returning *) select * from moved')).toBe(true);
    expect(counted('update "model_versions" set "metrics" = $1')).toBe(false);
    expect(counted('insert into "records" ("text") values ($1)')).toBe(false);
    expect(counted('commit')).toBe(false);
    expect(() => new TableWriteWatch(['models; drop'])).toThrow(/identifiers/);
  });

  it('is set on embedded PGlite only', () => {
    expect(database.kind).toBe('pglite');
    expect(database.writes).toBeInstanceOf(TableWriteWatch);
  });
});

describe('cached reads', () => {
  it('serve a caller and a model from memory while nothing is written (a change the watch does not see stays unseen)', async () => {
    const unseen = new TableWriteWatch(['api_keys', 'workspaces', 'models']);
    const repos = withCachedReads(plain, unseen);
    const hash = await newKey('unseen');
    const model = await plain.models.create(newModel(workspace.id, `unseen-${Date.now()}`));
    expect((await repos.apiKeys.findActiveCallerByHash(hash))?.key.name).toBe('unseen');
    expect((await repos.models.get(workspace.id, model.id))?.status).toBe('deployed');

    await plain.apiKeys.revoke(workspace.id, (await plain.apiKeys.findActiveByHash(hash))!.id, new Date());
    await plain.lifecycle.update(workspace.id, model.id, () => ({ status: 'archived' }));
    expect((await repos.apiKeys.findActiveCallerByHash(hash))?.key.name).toBe('unseen');
    expect((await repos.models.get(workspace.id, model.id))?.status).toBe('deployed');

    unseen.observe('update "models" set "status" = $1');
    expect(await repos.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    expect((await repos.models.get(workspace.id, model.id))?.status).toBe('archived');
  });

  it('see a revoked key, a changed workspace and a changed or deleted model on the next read', async () => {
    const hash = await newKey('revocable');
    const model = await plain.models.create(newModel(workspace.id, `served-${Date.now()}`));
    expect((await cached.apiKeys.findActiveCallerByHash(hash))?.workspace.rateLimitPerMinute).toBeNull();
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('deployed');

    await cached.workspaces.update(workspace.id, {
      plan: 'starter',
      rateLimitPerMinute: 42,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
    expect((await cached.apiKeys.findActiveCallerByHash(hash))?.workspace.rateLimitPerMinute).toBe(42);

    await cached.lifecycle.update(workspace.id, model.id, () => ({ status: 'archived' }));
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('archived');

    await cached.apiKeys.revoke(workspace.id, (await plain.apiKeys.findActiveByHash(hash))!.id, new Date());
    expect(await cached.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();

    await cached.lifecycle.remove(workspace.id, model.id);
    expect(await cached.models.get(workspace.id, model.id)).toBeUndefined();
  });

  it('answer a read made inside an open write transaction with the committed value, and the new one after the commit', async () => {
    const model = await plain.models.create(newModel(workspace.id, `raced-${Date.now()}`));
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('deployed');
    let during: Promise<Model | undefined> | undefined;
    await cached.lifecycle.update(workspace.id, model.id, () => {
      during = cached.models.get(workspace.id, model.id);
      return { status: 'undeployed' };
    });
    expect((await during)?.status).toBe('deployed');
    expect((await cached.models.get(workspace.id, model.id))?.status).toBe('undeployed');
  });

  it('hand out frozen values, so no reader can change what the next one gets', async () => {
    const hash = await newKey('frozen');
    const caller = await cached.apiKeys.findActiveCallerByHash(hash);
    expect(() => {
      (caller!.workspace as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    const model = await plain.models.create(newModel(workspace.id, `frozen-${Date.now()}`));
    const got = await cached.models.get(workspace.id, model.id);
    expect(() => {
      got!.labels.push({ name: 'extra', descriptions: [] });
    }).toThrow(TypeError);
    expect((await cached.models.get(workspace.id, model.id))?.labels).toHaveLength(2);
  });

  it('keep at most the configured number of entries, dropping the least recently used', async () => {
    const hashes = await Promise.all(['a', 'b', 'c'].map((n) => newKey(`lru-${n}`)));
    const unseen = new TableWriteWatch(['api_keys']);
    const repos = withCachedReads(plain, unseen, 2);
    for (const hash of hashes) await repos.apiKeys.findActiveCallerByHash(hash);
    // 'a' was dropped: revoking it behind the watch's back is seen, while 'c' (still cached) keeps its old answer.
    for (const hash of [hashes[0]!, hashes[2]!])
      await plain.apiKeys.revoke(workspace.id, (await plain.apiKeys.findActiveByHash(hash))!.id, new Date());
    expect(await repos.apiKeys.findActiveCallerByHash(hashes[0]!)).toBeUndefined();
    expect((await repos.apiKeys.findActiveCallerByHash(hashes[2]!))?.key.name).toBe('lru-c');
  });
});
