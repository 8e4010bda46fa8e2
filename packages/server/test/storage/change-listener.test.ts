// Two processes' worth of repositories on one PostgreSQL, each with its own change listener: a write in one is seen by the other's cache, and a lost listener means no cache at all until it listens again.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../src/core/ports/repositories.js';
import type { Workspace } from '../../src/core/shared/types.js';
import { createRepositories, IN_MEMORY, openDatabase, type Database } from '../../src/adapters/storage/index.js';
import { withCachedReads } from '../../src/adapters/storage/repositories/cached-reads.js';
import { createWorkspace, insertTestKey } from '../../src/adapters/storage/testing/fixtures.js';
import { startTcpRelay, type TcpRelay } from '../testing/tcp-relay.js';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();

/** Polls until check() holds (every 5 ms, at most 10 s). */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not seen within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!baseUrl)('change listener on PostgreSQL', () => {
  const schema = `tc_listen_${randomBytes(5).toString('hex')}`;
  let relay: TcpRelay;
  let first: Database;
  let second: Database;
  /** Each database's repositories, cached over its own listener (as two server processes have). */
  let one: Repositories;
  let two: Repositories;
  /** The second one's database reads of callers, to tell its hits from its misses. */
  let secondReads = 0;
  let workspace: Workspace;

  beforeAll(async () => {
    const url = new URL(baseUrl!);
    relay = await startTcpRelay(url.hostname, Number(url.port || 5432));
    const listenUrl = new URL(baseUrl!);
    listenUrl.host = `127.0.0.1:${relay.port}`;
    first = await openDatabase({ databaseUrl: baseUrl, dataDir: IN_MEMORY, schema });
    second = await openDatabase({
      databaseUrl: baseUrl,
      dataDir: IN_MEMORY,
      schema,
      changeListener: { url: listenUrl.toString(), retryMs: [20, 100], checkMs: 500 },
    });
    one = createRepositories(first.db, first.changes);
    const plainTwo = createRepositories(second.db);
    const countedApiKeys = {
      ...plainTwo.apiKeys,
      findActiveCallerByHash: (hash: string) => {
        secondReads += 1;
        return plainTwo.apiKeys.findActiveCallerByHash(hash);
      },
    };
    // The cache createRepositories builds, over counted database reads.
    two = withCachedReads({ ...plainTwo, apiKeys: countedApiKeys }, second.changes);
    workspace = await createWorkspace(one);
  });

  afterAll(async () => {
    await first?.close();
    if (second) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(second.db);
      await second.close();
    }
    await relay?.close();
  });

  const newKey = (name: string) => insertTestKey(one, workspace.id, name);

  it('both listen from the start', () => {
    expect([first.changes.live, second.changes.live]).toEqual([true, true]);
  });

  it('sees a key revoked and a workspace changed by the other process, from memory until then', async () => {
    const { hash, id } = await newKey('two-processes');
    expect((await one.apiKeys.findActiveCallerByHash(hash))?.key.name).toBe('two-processes');
    const reads = secondReads;
    for (let i = 0; i < 3; i++)
      expect((await two.apiKeys.findActiveCallerByHash(hash))?.key.name).toBe('two-processes');
    expect(secondReads).toBe(reads + 1);

    await one.workspaces.update(workspace.id, {
      plan: 'growth',
      rateLimitPerMinute: 77,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
    await eventually(async () => (await two.apiKeys.findActiveCallerByHash(hash))?.workspace.rateLimitPerMinute === 77);
    await one.apiKeys.revoke(workspace.id, id, new Date());
    expect(await one.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    await eventually(async () => (await two.apiKeys.findActiveCallerByHash(hash)) === undefined);
  });

  /** Reads the key twice through the second process and checks that the second read came from its cache; returns the
   * count of its database reads by then. */
  async function cachedBySecond(hash: string): Promise<number> {
    await two.apiKeys.findActiveCallerByHash(hash);
    const reads = secondReads;
    await two.apiKeys.findActiveCallerByHash(hash);
    expect(secondReads).toBe(reads);
    return reads;
  }

  it('answers from the database while its listener is cut off, and caches again once it listens again', async () => {
    const { hash, id } = await newKey('cut-off');
    const reads = await cachedBySecond(hash);

    await relay.cut();
    await eventually(() => !second.changes.live);
    // The notification of this revocation is lost to the second listener: only a database read can see it.
    await one.apiKeys.revoke(workspace.id, id, new Date());
    expect(await two.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    const other = await newKey('while-cut');
    await two.apiKeys.findActiveCallerByHash(other.hash);
    await two.apiKeys.findActiveCallerByHash(other.hash);
    expect(secondReads).toBe(reads + 3);
    expect(second.changes.live).toBe(false);

    await relay.restore();
    await eventually(() => second.changes.live);
    await two.apiKeys.findActiveCallerByHash(other.hash);
    const afterResume = secondReads;
    await two.apiKeys.findActiveCallerByHash(other.hash);
    expect(secondReads).toBe(afterResume);
    await one.apiKeys.revoke(workspace.id, other.id, new Date());
    await eventually(async () => (await two.apiKeys.findActiveCallerByHash(other.hash)) === undefined);
  });

  it('counts a connection that stops answering as lost, and listens again on a new one', async () => {
    const { hash, id } = await newKey('stalled');
    await cachedBySecond(hash);

    // No reset, no end: only the listener's periodic check (every 500 ms here) can tell.
    relay.stall();
    await eventually(() => !second.changes.live);
    await one.apiKeys.revoke(workspace.id, id, new Date());
    expect(await two.apiKeys.findActiveCallerByHash(hash)).toBeUndefined();
    await eventually(() => second.changes.live);
    const other = await newKey('after-stall');
    await two.apiKeys.findActiveCallerByHash(other.hash);
    await one.apiKeys.revoke(workspace.id, other.id, new Date());
    await eventually(async () => (await two.apiKeys.findActiveCallerByHash(other.hash)) === undefined);
  });
});
