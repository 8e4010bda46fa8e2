// Spool files hold customers' rows until ingested: readable by the server's user only, whatever the umask.
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSpoolDirectory, spoolBody } from './spool.js';

let dir: string;
let umask: number;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-spool-'));
  // The usual default: without an explicit mode, files come out -rw-r--r-- and directories drwxr-xr-x.
  umask = process.umask(0o022);
});
afterAll(async () => {
  process.umask(umask);
  await rm(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('upload spool files', () => {
  it('creates the spool directory 0700, and tightens one an older version left 0755', async () => {
    const fresh = path.join(dir, 'data', 'uploads');
    await prepareSpoolDirectory(fresh);
    expect(modeOf(fresh).toString(8)).toBe('700');

    const old = path.join(dir, 'old-uploads');
    await mkdir(old, { mode: 0o755 });
    expect(modeOf(old).toString(8)).toBe('755');
    await prepareSpoolDirectory(old);
    expect(modeOf(old).toString(8)).toBe('700');
  });

  it('writes each spool file 0600', async () => {
    const spoolDir = path.join(dir, 'uploads');
    await prepareSpoolDirectory(spoolDir);
    const file = path.join(spoolDir, 'up_1.spool');
    const bytes = await spoolBody(Readable.from([Buffer.from('body\nwhere is my parcel?\n')]), file, {
      maxBytes: 1024,
      gzip: false,
    });
    expect(bytes).toBe(25);
    expect(await readFile(file, 'utf8')).toBe('body\nwhere is my parcel?\n');
    expect(modeOf(file).toString(8)).toBe('600');
  });
});
