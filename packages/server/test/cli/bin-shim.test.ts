// The `textclass` bin (bin/textclass.js): npm links it at `npm ci` (its target exists before any build), it runs the
// built CLI, and in a checkout not built yet it says how to build instead of failing obscurely.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'textclass-bin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('textclass bin', () => {
  it('is a file committed with the package, so npm links it before the first build', () => {
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as {
      bin: { textclass: string };
      files: string[];
    };
    expect(manifest.bin.textclass).toBe('./bin/textclass.js');
    expect(manifest.files).toContain('bin');
  });

  it('runs the built CLI', async () => {
    const { stdout } = await run(process.execPath, [path.join(PACKAGE, 'bin/textclass.js'), '--version']);
    const { version } = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { version: string };
    expect(stdout.trim()).toBe(version);
  });

  it('says how to build when dist/ is missing', async () => {
    mkdirSync(path.join(scratch, 'bin'));
    copyFileSync(path.join(PACKAGE, 'bin/textclass.js'), path.join(scratch, 'bin/textclass.js'));
    const failed = await run(process.execPath, [path.join(scratch, 'bin/textclass.js'), '--help']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/not built yet in this checkout; run `npm start` once/);
  });
});
