// Key, workspace and dataset commands while `textclass serve` holds the embedded database: they run in the server
// through its owner-only control socket, take effect at once, and print exactly what they print with the server stopped.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-ops-'));
const env = { TEXTCLASS_DATA_DIR: dataDir, TEXTCLASS_API_KEY: TEST_API_KEY, LOG_LEVEL: 'warn' };
let server: ServerProcess | undefined;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI with its exit code and both streams, unaltered. */
function cli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const status = async (route: string, key: string) =>
  (await fetch(`${server!.url}${route}`, { headers: { Authorization: `Bearer ${key}` } })).status;

beforeAll(async () => {
  server = await startServerProcess({ dataDir, env });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operator commands while the embedded server runs', () => {
  const online: Record<string, Run> = {};

  it('listens on a control socket only the data directory owner can reach', () => {
    expect(statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700);
    const socket = statSync(path.join(dataDir, 'run', 'control.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('creates keys and workspaces that work at once, revokes at once, and reports errors as offline', async () => {
    const admin = await cli('keys', 'create', '--role', 'admin', '--name', 'ops');
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toMatch(/^tc_[A-Za-z0-9_-]{20,}\n$/);
    expect(admin.stderr).toBe('created an admin key for workspace "default"; it is not shown again\n');
    online.create = admin;
    expect(await status('/v2/api-keys', admin.stdout.trim())).toBe(200);

    const acme = await cli('workspaces', 'create', 'acme', '--plan', 'growth', '--billing-day', '15');
    expect(acme.code, acme.stderr).toBe(0);
    expect(JSON.parse(acme.stdout)).toMatchObject({ name: 'acme', plan: 'growth', billing_cycle_day: 15 });
    const update = await cli('workspaces', 'update', 'acme', '--plan', 'enterprise', '--quota', 'unlimited');
    expect(JSON.parse(update.stdout)).toMatchObject({ plan: 'enterprise', monthly_quota: null });

    const reader = (await cli('keys', 'create', '--workspace', 'acme', '--role', 'reader')).stdout.trim();
    expect(await status('/v2/models', reader)).toBe(200);
    const [readerRow] = (await cli('keys', 'list', '--workspace', 'acme')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; last_four: string });
    expect(readerRow!.last_four).toBe(reader.slice(-4));
    const revoked = await cli('keys', 'revoke', String(readerRow!.id), '--workspace', 'acme');
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: readerRow!.id, revoked_at: expect.any(String) });
    expect(await status('/v2/models', reader)).toBe(401);

    const dataset = await cli('datasets', 'create', '--name', 'Calls', '--workspace', 'acme');
    expect(dataset.code, dataset.stderr).toBe(0);
    expect(JSON.parse(dataset.stdout)).toMatchObject({ name: 'Calls', columns: [{ name: 'text', type: 'text' }] });

    online.missing = await cli('keys', 'list', '--workspace', 'nope');
    expect(online.missing).toEqual({ code: 1, stdout: '', stderr: 'textclass: workspace "nope" does not exist\n' });
    online.duplicate = await cli('workspaces', 'create', 'acme');
    expect(online.duplicate.code).toBe(1);
    online.keys = await cli('keys', 'list', '--workspace', 'acme');
    online.workspaces = await cli('workspaces', 'list');
    expect(online.workspaces.stdout.trim().split('\n')).toHaveLength(2);
  }, 120_000);

  it('prints the same with the server stopped (straight on the database)', async () => {
    await server!.stop();
    server = undefined;
    expect(await cli('keys', 'list', '--workspace', 'acme')).toEqual(online.keys);
    expect(await cli('workspaces', 'list')).toEqual(online.workspaces);
    expect(await cli('keys', 'list', '--workspace', 'nope')).toEqual(online.missing);
    expect(await cli('workspaces', 'create', 'acme')).toEqual(online.duplicate);
    const offline = await cli('keys', 'create', '--role', 'admin', '--name', 'ops');
    expect(offline.stderr).toBe(online.create!.stderr);
    expect(offline.stdout).toMatch(/^tc_[A-Za-z0-9_-]{20,}\n$/);
  }, 120_000);
});
