// The `textclass` command line against a real data directory: keys it creates authenticate, datasets appear over the API.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess, TEST_API_KEY } from '../../src/testing/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-cli-'));
const env = { TEXTCLASS_DATA_DIR: dataDir, TEXTCLASS_API_KEY: TEST_API_KEY, LOG_LEVEL: 'warn' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('textclass CLI', () => {
  it('refuses to create a database where there is none unless --init asks for it, and says where it looked', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'textclass-cli-empty-'));
    try {
      const away = { ...env, TEXTCLASS_DATA_DIR: undefined };
      for (const command of [
        ['keys', 'list'],
        ['workspaces', 'list'],
        ['keys', 'create', '--role', 'admin'],
      ]) {
        await expect(runCli(command, away, { cwd: elsewhere })).rejects.toThrow(
          `no textclass database in ${path.join(elsewhere, 'data', 'pglite')}: run the command where \`textclass serve\` keeps its data`,
        );
      }
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 120_000);

  it('creates keys and datasets that the server then serves', async () => {
    const reader = await runCli(['keys', 'create', '--init', '--role', 'reader', '--name', 'ci reader'], env);
    expect(reader).toMatch(/^tc_[A-Za-z0-9_-]{20,}$/);
    const dataset = JSON.parse(
      await runCli(
        [
          'datasets',
          'create',
          '--name',
          'Calls',
          '--column',
          'transcript:text',
          '--column',
          'duration:number',
          '--text-column',
          'transcript',
        ],
        env,
      ),
    );
    expect(dataset).toMatchObject({
      key: `ds_${dataset.id}`,
      name: 'Calls',
      columns: [
        { name: 'transcript', type: 'text' },
        { name: 'duration', type: 'number' },
      ],
    });
    await expect(
      runCli(['datasets', 'create', '--name', 'Bad', '--column', 'n:number', '--text-column', 'n'], env),
    ).rejects.toThrow(/text_column/);
    const server = await startServerProcess({ dataDir, env });
    try {
      const get = await fetch(`${server.url}/v2/datasets/${dataset.key}`, {
        headers: { Authorization: `Bearer ${reader}` },
      });
      expect(get.status).toBe(200);
      const infer = await fetch(`${server.url}/v2/models/1/inference`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${reader}`, 'Content-Type': 'application/json' },
        body: '{"texts":["hi"]}',
      });
      expect(infer.status).toBe(403);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('creates, lists and updates workspaces; lists and revokes their keys', async () => {
    const created = JSON.parse(
      await runCli(['workspaces', 'create', 'acme', '--plan', 'growth', '--billing-day', '15'], env),
    );
    expect(created).toMatchObject({
      name: 'acme',
      plan: 'growth',
      rate_limit_per_minute: 300,
      monthly_quota: 100000,
      billing_cycle_day: 15,
    });
    const updated = JSON.parse(
      await runCli(
        ['workspaces', 'update', 'acme', '--plan', 'enterprise', '--rate-limit', '1200', '--quota', '5000'],
        env,
      ),
    );
    expect(updated).toMatchObject({
      id: created.id,
      plan: 'enterprise',
      rate_limit_per_minute: 1200,
      monthly_quota: 5000,
      billing_cycle_day: 15,
    });
    const unlimited = JSON.parse(await runCli(['workspaces', 'update', 'acme', '--quota', 'unlimited'], env));
    expect(unlimited).toMatchObject({ rate_limit_per_minute: 1200, monthly_quota: null });
    const listed = (await runCli(['workspaces', 'list'], env)).split('\n').map((line) => JSON.parse(line));
    expect(listed.map((w: { name: string }) => w.name)).toEqual(expect.arrayContaining(['default', 'acme']));
    await expect(runCli(['workspaces', 'create', 'acme'], env)).rejects.toThrow(/already exists/);
    await expect(runCli(['workspaces', 'update', 'acme', '--plan', 'starter', '--quota', '10'], env)).rejects.toThrow(
      /only enterprise/,
    );
    await expect(runCli(['workspaces', 'create', 'late', '--billing-day', '31'], env)).rejects.toThrow(/1 to 28/);
    const key = await runCli(['keys', 'create', '--workspace', 'acme', '--role', 'admin', '--name', 'acme admin'], env);
    expect(key).toMatch(/^tc_/);
    const [listedKey] = (await runCli(['keys', 'list', '--workspace', 'acme'], env))
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(listedKey).toMatchObject({
      name: 'acme admin',
      role: 'admin',
      prefix: key.slice(0, 11),
      last_four: key.slice(-4),
      revoked_at: null,
    });
    expect(JSON.stringify(listedKey)).not.toContain(key);
    const revoked = JSON.parse(await runCli(['keys', 'revoke', String(listedKey.id), '--workspace', 'acme'], env));
    expect(revoked).toMatchObject({ id: listedKey.id, revoked_at: expect.any(String) });
    await expect(runCli(['keys', 'revoke', String(listedKey.id)], env)).rejects.toThrow(/was not found/);
  }, 120_000);

  it('rejects a bad option with a clear message', async () => {
    await expect(runCli(['keys', 'create', '--role', 'owner'], env)).rejects.toThrow(/role/);
  });
});
