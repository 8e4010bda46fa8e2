// The build's packed PGlite cluster: a new data dir is unpacked from it (no initdb), an existing one is opened as it is.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type OpenedPGlite } from './pglite-open.js';
import { pgliteTemplatePath, unpackPGliteTemplate } from './pglite-template.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-pglite-template-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The cluster's identifier: initdb draws a new one for every cluster, a copy of the template keeps the template's. */
async function systemIdentifier(opened: OpenedPGlite): Promise<string> {
  const { rows } = await opened.pglite.query<{ id: string }>(
    'SELECT system_identifier::text AS id FROM pg_control_system()',
  );
  return rows[0]!.id;
}

async function closeAll(opened: OpenedPGlite): Promise<void> {
  await opened.pglite.close();
  await opened.release();
}

describe('PGlite template', () => {
  it('is written by the build for the installed PGlite version', async () => {
    expect(existsSync(await pgliteTemplatePath())).toBe(true);
  });

  it('starts every new data dir from the same packed cluster, which then persists and reopens', async () => {
    const first = await openPGlite(path.join(dir, 'a'));
    const second = await openPGlite(path.join(dir, 'b'));
    const id = await systemIdentifier(first);
    expect(await systemIdentifier(second)).toBe(id);
    await first.pglite.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await closeAll(first);
    await closeAll(second);

    const reopened = await openPGlite(path.join(dir, 'a'));
    expect(await systemIdentifier(reopened)).toBe(id);
    expect((await reopened.pglite.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
    await closeAll(reopened);
  });

  it('is unpacked to disk through a staging directory that a start which died halfway may have left', async () => {
    const location = path.join(dir, 'c', 'pglite');
    await mkdir(location, { recursive: true });
    await mkdir(`${location}.unpacking/base`, { recursive: true });
    await writeFile(`${location}.unpacking/base/stale`, 'left by a dead start');
    expect(await unpackPGliteTemplate(location)).toBe(true);
    expect(existsSync(`${location}.unpacking`)).toBe(false);
    expect((await readFile(path.join(location, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    expect(existsSync(path.join(location, 'base', 'stale'))).toBe(false);
    expect(await readdir(path.join(location, 'pg_wal'))).toContain('000000010000000000000001');
  });

  it('leaves a directory that already holds files, and a broken template, to the caller', async () => {
    const occupied = path.join(dir, 'd');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'mine'), 'not a cluster');
    expect(await unpackPGliteTemplate(occupied)).toBe(false);
    expect(await readdir(occupied)).toEqual(['mine']);

    const broken = path.join(dir, 'broken.tar.gz');
    const bytes = await readFile(await pgliteTemplatePath());
    await writeFile(broken, bytes.subarray(0, bytes.length >> 1));
    const empty = path.join(dir, 'e');
    await mkdir(empty);
    await expect(unpackPGliteTemplate(empty, broken)).rejects.toThrow();
    expect(await readdir(empty)).toEqual([]);
    expect(existsSync(`${empty}.unpacking`)).toBe(false);
  });
});
