// The built CLI refuses a damaged embedded database, a PostgreSQL server's data directory and an unusable path, at once.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, runCli, startServerProcess } from '../../src/testing/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-refusals-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI and answers its exit code and output; a command that would hang is killed after 30 s (code null). */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MAIN, ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('textclass refuses a data directory it must not use', () => {
  it('serve stops on an embedded database whose PG_VERSION is missing, and the data is there once it is back', async () => {
    const dataDir = path.join(dir, 'embedded');
    const first = await startServerProcess({ dataDir, env: { TEXTCLASS_SEED_DEMO: 'false' } });
    expect(await first.stop()).toBe(0);
    await runCli(['workspaces', 'create', 'acme'], { TEXTCLASS_DATA_DIR: dataDir });
    const versionFile = path.join(dataDir, 'pglite', 'PG_VERSION');
    const version = await readFile(versionFile);
    await unlink(versionFile);
    const before = readdirSync(path.join(dataDir, 'pglite'), { recursive: true }).sort();

    const refused = await cli(['serve', '--port', '0', '--host', '127.0.0.1'], { TEXTCLASS_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/the embedded database in .*pglite is damaged and was not opened/);
    expect(refused.output).toMatch(/PG_VERSION is missing/);
    expect(readdirSync(path.join(dataDir, 'pglite'), { recursive: true }).sort()).toEqual(before);

    await writeFile(versionFile, version);
    const listed = await runCli(['workspaces', 'list'], { TEXTCLASS_DATA_DIR: dataDir });
    expect(listed).toMatch(/"name":"acme"/);
  }, 120_000);

  it("a CLI command never creates an embedded database inside a PostgreSQL server's data directory", async () => {
    const server = path.join(dir, 'postgres-16-main');
    await mkdir(path.join(server, 'global'), { recursive: true });
    await mkdir(path.join(server, 'base'));
    await writeFile(path.join(server, 'PG_VERSION'), '16\n');
    await writeFile(path.join(server, 'global', 'pg_control'), Buffer.alloc(8192));
    await writeFile(path.join(server, 'postmaster.pid'), '4242\n');
    const refused = await cli(['workspaces', 'list', '--data-dir', server], {});
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is a PostgreSQL data directory \(PG_VERSION, global\/pg_control\)/);
    expect(existsSync(path.join(server, 'pglite'))).toBe(false);
    expect(existsSync(path.join(server, 'pglite.lock'))).toBe(false);
  }, 60_000);

  it.skipIf(!existsSync('/proc/1'))(
    'serve on a data directory it cannot create exits at once with why',
    async () => {
      const refused = await cli(['serve', '--port', '0'], { TEXTCLASS_DATA_DIR: '/proc/1/textclass-data' });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/the data directory \/proc\/1\/textclass-data cannot be created \(E[A-Z]+/);
    },
    60_000,
  );
});
