// Workspaces and API keys: creation, lookup by hash, revocation, last-used and active counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace, sha256Hex } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

describe.each(testTargets())('workspaces and API keys on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  it('creates a workspace and finds it by id and name', async () => {
    const created = await repos.workspaces.create({
      name: 'default',
      plan: 'enterprise',
      rateLimitPerMinute: 6000,
      monthlyQuota: null,
      billingCycleDay: 3,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'default',
      plan: 'enterprise',
      rateLimitPerMinute: 6000,
      monthlyQuota: null,
      billingCycleDay: 3,
      createdAt: expect.any(Date),
    });
    expect(await repos.workspaces.findById(created.id)).toEqual(created);
    expect(await repos.workspaces.findByName('default')).toEqual(created);
    expect(await repos.workspaces.findByName('missing')).toBeUndefined();
    expect(await repos.workspaces.findById(created.id + 1000)).toBeUndefined();
  });

  it('lists workspaces by id and updates plan, limits and billing day', async () => {
    const one = await createWorkspace(repos);
    const two = await createWorkspace(repos);
    const listed = await repos.workspaces.list();
    expect(listed.map((w) => w.id)).toEqual([...listed.map((w) => w.id)].sort((a, b) => a - b));
    expect(listed).toEqual(expect.arrayContaining([one, two]));
    const updated = await repos.workspaces.update(two.id, {
      plan: 'enterprise',
      rateLimitPerMinute: 900,
      monthlyQuota: 12,
      billingCycleDay: 28,
    });
    expect(updated).toEqual({
      ...two,
      plan: 'enterprise',
      rateLimitPerMinute: 900,
      monthlyQuota: 12,
      billingCycleDay: 28,
    });
    expect(await repos.workspaces.findById(two.id)).toEqual(updated);
    expect(await repos.workspaces.findById(one.id)).toEqual(one);
    expect(
      await repos.workspaces.update(two.id + 1000, {
        plan: 'starter',
        rateLimitPerMinute: null,
        monthlyQuota: null,
        billingCycleDay: 1,
      }),
    ).toBeUndefined();
  });

  it('refuses a second workspace with the same name', async () => {
    await createWorkspace(repos, 'twice');
    await expect(createWorkspace(repos, 'twice')).rejects.toMatchObject({ code: '23505' });
  });

  it('stores a key by hash, finds it while active, never after revocation', async () => {
    const workspace = await createWorkspace(repos);
    const hash = sha256Hex('tc_3f9a1c2b_secret-part-1234');
    const key = await repos.apiKeys.insert({
      workspaceId: workspace.id,
      prefix: 'tc_3f9a1c2b',
      lastFour: '1234',
      keyHash: hash,
      role: 'admin',
      name: 'bootstrap',
    });
    expect(key).toEqual({
      id: expect.any(Number),
      workspaceId: workspace.id,
      prefix: 'tc_3f9a1c2b',
      lastFour: '1234',
      role: 'admin',
      name: 'bootstrap',
      createdAt: expect.any(Date),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await repos.apiKeys.findByHash(hash)).toEqual({ ...key, keyHash: hash });
    expect(await repos.apiKeys.findByHash(sha256Hex('unknown'))).toBeUndefined();
    const caller = await repos.apiKeys.findActiveCallerByHash(hash);
    expect(caller?.key).toEqual({ ...key, keyHash: hash });
    expect(caller?.workspace).toEqual(await repos.workspaces.findById(key.workspaceId));
    expect(await repos.apiKeys.findActiveCallerByHash(sha256Hex('unknown'))).toBeUndefined();

    const revokedAt = new Date('2026-01-02T03:04:05.000Z');
    await database.db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', key.id).execute();
    expect(await repos.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    expect(await repos.apiKeys.findByHash(hash)).toEqual({ ...key, keyHash: hash, revokedAt });
  });

  it('rejects a duplicate hash, an unknown role and a hash that is not SHA-256 hex', async () => {
    const workspace = await createWorkspace(repos);
    const base = { workspaceId: workspace.id, prefix: 'tc_x', lastFour: 'abcd', name: 'k' };
    const hash = sha256Hex('duplicate');
    await repos.apiKeys.insert({ ...base, keyHash: hash, role: 'reader' });
    await expect(repos.apiKeys.insert({ ...base, keyHash: hash, role: 'reader' })).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      repos.apiKeys.insert({ ...base, keyHash: sha256Hex('r'), role: 'owner' as 'admin' }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(repos.apiKeys.insert({ ...base, keyHash: 'tc_plaintext_key', role: 'reader' })).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('records last use and counts active keys per workspace and overall', async () => {
    const before = await repos.apiKeys.countActive();
    const one = await createWorkspace(repos);
    const two = await createWorkspace(repos);
    const insert = (workspaceId: number, secret: string) =>
      repos.apiKeys.insert({
        workspaceId,
        prefix: 'tc_p',
        lastFour: secret.slice(-4),
        keyHash: sha256Hex(secret),
        role: 'member',
        name: secret,
      });
    const first = await insert(one.id, 'key-one-a');
    await insert(one.id, 'key-one-b');
    const revoked = await insert(two.id, 'key-two-a');
    await database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', revoked.id).execute();

    expect(await repos.apiKeys.countActive(one.id)).toBe(2);
    expect(await repos.apiKeys.countActive(two.id)).toBe(0);
    expect(await repos.apiKeys.countActive()).toBe(before + 2);

    const usedAt = new Date('2025-06-01T12:00:00.456Z');
    await repos.apiKeys.touchLastUsed(first.id, usedAt);
    expect((await repos.apiKeys.findByHash(sha256Hex('key-one-a')))?.lastUsedAt).toEqual(usedAt);
  });

  it("lists a workspace's keys by id, revoked ones too, and revokes only within the workspace, keeping the first time", async () => {
    const mine = await createWorkspace(repos);
    const theirs = await createWorkspace(repos);
    const insert = (workspaceId: number, secret: string) =>
      repos.apiKeys.insert({
        workspaceId,
        prefix: 'tc_p',
        lastFour: secret.slice(-4),
        keyHash: sha256Hex(secret),
        role: 'reader',
        name: secret,
      });
    const keys = [await insert(mine.id, 'list-a'), await insert(mine.id, 'list-b'), await insert(mine.id, 'list-c')];
    const other = await insert(theirs.id, 'list-other');
    const page = await repos.apiKeys.list(mine.id, { offset: 1, limit: 1 });
    expect(page).toEqual({ items: [keys[1]], total: 3 });

    const at = new Date('2026-02-01T10:00:00.000Z');
    expect(await repos.apiKeys.revoke(mine.id, other.id, at)).toBeUndefined();
    expect(await repos.apiKeys.findByHash(sha256Hex('list-other'))).toMatchObject({
      id: other.id,
      revokedAt: null,
    });
    expect(await repos.apiKeys.revoke(mine.id, keys[0]!.id, at)).toEqual({ ...keys[0], revokedAt: at });
    expect(await repos.apiKeys.revoke(mine.id, keys[0]!.id, new Date('2026-03-01T00:00:00Z'))).toMatchObject({
      revokedAt: at,
    });
    expect(await repos.apiKeys.findByHash(sha256Hex('list-a'))).toMatchObject({ revokedAt: at });
    expect((await repos.apiKeys.list(mine.id, { offset: 0, limit: 10 })).items.map((k) => k.revokedAt)).toEqual([
      at,
      null,
      null,
    ]);
  });
});
