// An embedded database whose files fail their checks is refused with what is wrong, and nothing in it is written.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, rm, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { DataDirectoryError } from './data-directory.js';
import { FILE_SIZES_NAME } from './pglite-file-sizes.js';
import { createWorkspaceRepository } from './repositories/workspaces.js';

let dir: string;
/** A data dir closed cleanly, holding the workspace "kept"; each case damages a copy of it. */
let pristine: string;
/** The workspaces table's file, relative to the cluster (base/<database>/<relfilenode>). */
let workspacesFile: string;
let walSegment: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-damaged-'));
  pristine = path.join(dir, 'pristine');
  const database = await openDatabase({ dataDir: pristine });
  // Enough rows that the table spans more than one page, so a truncation at a page boundary still loses rows.
  const workspaces = createWorkspaceRepository(database.db);
  for (let i = 0; i < 120; i++)
    await workspaces.create({
      name: `kept-${i}-${'x'.repeat(40)}`,
      plan: 'starter',
      rateLimitPerMinute: 60,
      monthlyQuota: 10_000,
      billingCycleDay: 1,
    });
  await sql`CHECKPOINT`.execute(database.db);
  const { rows } = await sql<{ file: string }>`select pg_relation_filepath('workspaces') as file`.execute(database.db);
  workspacesFile = rows[0]!.file;
  await database.close();
  walSegment = readdirSync(path.join(pristine, 'pglite', 'pg_wal')).find((name) => /^[0-9A-F]{24}$/.test(name))!;
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the data dir with its size and modification time: what "nothing was written" compares. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(name);
      else {
        const stats = statSync(path.join(root, name));
        files[name] = `${stats.size}@${stats.mtimeMs}`;
      }
    }
  };
  walk('');
  return files;
}

let cases = 0;
async function damagedCopy(damage: (cluster: string) => Promise<void>): Promise<string> {
  const copy = path.join(dir, `case-${++cases}`);
  await cp(pristine, copy, { recursive: true });
  await damage(path.join(copy, 'pglite'));
  return copy;
}

async function expectRefused(dataDir: string, problem: RegExp): Promise<void> {
  const before = snapshot(dataDir);
  const opening = openDatabase({ dataDir });
  await expect(opening).rejects.toBeInstanceOf(DataDirectoryError);
  await expect(opening).rejects.toThrow(problem);
  await expect(opening).rejects.toThrow(/was not opened \(nothing was written\)|could not be opened/);
  expect(snapshot(dataDir)).toEqual(before);
}

describe('opening a damaged embedded database', () => {
  it('opens the undamaged copy with its rows (the checks pass on a cleanly closed database)', async () => {
    const copy = await damagedCopy(async () => undefined);
    const database = await openDatabase({ dataDir: copy });
    const { rows } = await sql<{ n: string }>`select count(*) as n from workspaces`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(120);
    await database.close();
  });

  it('refuses a cluster whose PG_VERSION is missing instead of loading a new database over it', async () => {
    const copy = await damagedCopy((cluster) => unlink(path.join(cluster, 'PG_VERSION')));
    await expectRefused(copy, /PG_VERSION is missing/);
  });

  it('refuses a truncated global/pg_control, and one that fails its checksum', async () => {
    await expectRefused(
      await damagedCopy((cluster) => truncate(path.join(cluster, 'global', 'pg_control'), 100)),
      /global\/pg_control is 100 bytes, PostgreSQL writes 8192/,
    );
    const flipped = await damagedCopy(async (cluster) => {
      const file = await open(path.join(cluster, 'global', 'pg_control'), 'r+');
      await file.write(Buffer.from([0xff, 0xff]), 0, 2, 40);
      await file.close();
    });
    await expectRefused(flipped, /global\/pg_control does not pass its checksum/);
  });

  it('refuses a truncated or missing WAL segment', async () => {
    await expectRefused(
      await damagedCopy((cluster) => truncate(path.join(cluster, 'pg_wal', walSegment), 8_000_000)),
      new RegExp(`pg_wal/${walSegment} is 8000000 bytes, a WAL segment is 16777216`),
    );
    await expectRefused(
      await damagedCopy((cluster) => unlink(path.join(cluster, 'pg_wal', walSegment))),
      new RegExp(`pg_wal/${walSegment} \\(the last checkpoint's WAL segment\\) is missing`),
    );
  });

  it('refuses a table file truncated at a page boundary (sizes recorded at the last clean close)', async () => {
    const full = statSync(path.join(pristine, 'pglite', workspacesFile)).size;
    expect(full).toBeGreaterThan(8192);
    const copy = await damagedCopy((cluster) => truncate(path.join(cluster, workspacesFile), 8192));
    await expectRefused(copy, new RegExp(`${workspacesFile} is 8192 bytes, ${full} at the last clean close`));
  });

  it('refuses a table file cut inside a page even when the last close was not clean', async () => {
    const copy = await damagedCopy(async (cluster) => {
      await unlink(path.join(cluster, FILE_SIZES_NAME));
      await truncate(path.join(cluster, workspacesFile), 5000);
    });
    await expectRefused(copy, new RegExp(`${workspacesFile} is 5000 bytes, not a whole number of 8192-byte pages`));
  });

  it('answers damage the file checks cannot see (a zeroed WAL segment) with a message, not a bare WASM abort', async () => {
    const copy = await damagedCopy(async (cluster) => {
      const file = await open(path.join(cluster, 'pg_wal', walSegment), 'r+');
      await file.write(Buffer.alloc(16 * 1024 * 1024));
      await file.close();
    });
    const opening = openDatabase({ dataDir: copy });
    await expect(opening).rejects.toThrow(/the embedded database in .* could not be opened \(.*\): its files may be/);
    expect(existsSync(path.join(copy, 'pglite.lock'))).toBe(false);
  });

  it('starts a new database in a directory that holds only a mount point entry', async () => {
    const fresh = path.join(dir, 'mounted');
    await mkdir(path.join(fresh, 'pglite', 'lost+found'), { recursive: true });
    const database = await openDatabase({ dataDir: fresh });
    const { rows } = await sql<{ n: string }>`select count(*) as n from workspaces`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    await database.close();
  });
});
