// What the built CLI loads per command: the commands that talk to a running server load neither the service nor a database driver; serve and the database commands load them when they run.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN } from '../../src/testing/server-process.js';
import { loadedPackages, moduleProbeEnv, probedModules } from '../testing/module-probe-env.js';
import { NOWHERE } from '../testing/nowhere.js';

/** The service's and the databases' packages: about a second of imports that only serve and the database commands need. */
const SERVICE_PACKAGES = ['express', 'onnxruntime-node', '@electric-sql/pglite', 'kysely', 'pg', 'pino'];

const work = mkdtempSync(path.join(tmpdir(), 'textclass-cli-modules-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the built CLI with the module probe; answers its exit code, stderr and the packages it loaded. */
async function packagesOf(
  name: string,
  args: string[],
): Promise<{ code: number; stderr: string; packages: Set<string> }> {
  const log = path.join(work, `${name}.txt`);
  const env = {
    ...process.env,
    ...moduleProbeEnv(log),
    TEXTCLASS_URL: NOWHERE,
    TEXTCLASS_API_KEY: 'tc_not_a_key_0123456789abcdef',
    TEXTCLASS_DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
  };
  const outcome = await promisify(execFile)(process.execPath, [MAIN, ...args], { env }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code?: number; stderr?: string }) => ({ code: error.code ?? -1, stderr: error.stderr ?? '' }),
  );
  const packages = loadedPackages(probedModules(log));
  return { ...outcome, packages };
}

describe('the built CLI', () => {
  it('loads none of the service for a command that talks to a running server, nor for help', async () => {
    const listed = await packagesOf('models-list', ['models', 'list']);
    expect(listed.code).toBe(1); // nothing listens there: the command ran and said so
    expect(listed.stderr).toMatch(/textclass: /);
    expect(listed.packages.has('commander')).toBe(true); // the probe sees what does load
    expect(SERVICE_PACKAGES.filter((name) => listed.packages.has(name))).toEqual([]);

    const help = await packagesOf('help', ['--help']);
    expect(help.code).toBe(0);
    expect(SERVICE_PACKAGES.filter((name) => help.packages.has(name))).toEqual([]);
  }, 60_000);

  it('loads the embedded database when a database command runs', async () => {
    const migrated = await packagesOf('migrate', ['migrate']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.packages.has('@electric-sql/pglite')).toBe(true);
    expect(migrated.packages.has('kysely')).toBe(true);
  }, 60_000);
});
