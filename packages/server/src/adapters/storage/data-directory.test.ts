// The data directory is checked before anything is written: never a PostgreSQL server's, a clear error when unusable.
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { DataDirectoryError, prepareDataDirectory } from './data-directory.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-data-dir-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The top of a PostgreSQL server's data directory, as initdb leaves it (the files' contents do not matter here). */
async function postgresDataDirectory(at: string): Promise<string[]> {
  await mkdir(path.join(at, 'global'), { recursive: true });
  await mkdir(path.join(at, 'base', '1'), { recursive: true });
  await writeFile(path.join(at, 'PG_VERSION'), '16\n');
  await writeFile(path.join(at, 'global', 'pg_control'), Buffer.alloc(8192));
  await writeFile(path.join(at, 'postgresql.conf'), "listen_addresses = 'localhost'\n");
  await writeFile(path.join(at, 'postmaster.pid'), '4242\n');
  return readdirSync(at).sort();
}

describe('the data directory', () => {
  it("refuses a PostgreSQL server's data directory, and any directory inside it, creating nothing", async () => {
    const server = path.join(dir, 'postgres-main');
    const before = await postgresDataDirectory(server);
    for (const dataDir of [server, path.join(server, 'base'), path.join(server, 'textclass', 'data')]) {
      const opening = openDatabase({ dataDir });
      await expect(opening).rejects.toBeInstanceOf(DataDirectoryError);
      await expect(opening).rejects.toThrow(/PostgreSQL data directory \(PG_VERSION, global\/pg_control\)/);
      await expect(opening).rejects.toThrow(/TEXTCLASS_DATA_DIR \(--data-dir\)/);
    }
    expect(readdirSync(server).sort()).toEqual(before);
    expect(readdirSync(path.join(server, 'base'))).toEqual(['1']);
  });

  it('fails at once, naming the setting, on a path that cannot be created (Node’s recursive mkdir hangs on it)', async () => {
    await expect(openDatabase({ dataDir: '/proc/1/textclass-data' })).rejects.toThrow(
      /the data directory \/proc\/1\/textclass-data cannot be created \(E[A-Z]+ at \/proc\/1\/textclass-data\); set TEXTCLASS_DATA_DIR/,
    );
    const file = path.join(dir, 'a-file');
    await writeFile(file, '');
    await expect(prepareDataDirectory(path.join(file, 'data'))).rejects.toThrow(/cannot be created \(ENOTDIR/);
    await expect(prepareDataDirectory(file)).rejects.toThrow(/is not a directory/);
  }, 10_000);

  it.skipIf(process.getuid?.() === 0)('fails at once on a directory this user cannot write', async () => {
    const readOnly = path.join(dir, 'read-only');
    await mkdir(readOnly);
    await chmod(readOnly, 0o500);
    await expect(prepareDataDirectory(readOnly)).rejects.toThrow(/is not writable by this user \(EACCES\)/);
    await chmod(readOnly, 0o700);
  });

  it('creates the missing levels of a new one', async () => {
    const nested = path.join(dir, 'new', 'deeper', 'data');
    await prepareDataDirectory(nested);
    expect(existsSync(nested)).toBe(true);
  });
});
