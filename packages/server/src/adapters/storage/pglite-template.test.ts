// The build's packed PGlite cluster: a new data dir is unpacked from it (no initdb), an existing one is opened as it is.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type OpenedPGlite } from './pglite-open.js';
import { pgliteTemplatePath } from './pglite-template.js';

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
});
