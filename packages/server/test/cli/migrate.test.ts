// `textclass migrate` against the real PostgreSQL and the embedded database: applies every migration, exits 0, and
// finds nothing to do the second time; `serve` then starts on the migrated database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/adapters/storage/migrations/index.js';
import { createScratchDatabase, runCli, startServerProcess } from '../../src/testing/index.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI)
  throw new Error('the migrate test needs TEST_DATABASE_URL in CI (.ci/run starts PostgreSQL)');

const names = Object.keys(await migrationProvider.getMigrations()).sort();
const env = { LOG_LEVEL: 'warn' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('textclass migrate', () => {
  it.skipIf(!postgresUrl)(
    'migrates PostgreSQL from DATABASE_URL, then finds it up to date',
    async () => {
      const scratch = await createScratchDatabase(postgresUrl!, 'migrate');
      try {
        const first = await runCli(['migrate'], { ...env, DATABASE_URL: scratch.url });
        expect(first).toMatch(/^postgres .+: applied \d+: /);
        expect(first).toContain(`applied ${names.length}: ${names.join(', ')}`);
        const { rows } = await scratch.pool.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
        expect(rows.map((row) => row.name)).toEqual(names);
        const { rows: tables } = await scratch.pool.query(
          "SELECT 1 FROM information_schema.tables WHERE table_name IN ('api_keys', 'workspaces', 'models', 'datasets')",
        );
        expect(tables).toHaveLength(4);
        expect(await runCli(['migrate', '--database-url', scratch.url], env)).toMatch(/: up to date$/);
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );

  it('migrates the embedded database in the data directory; serve then starts on it', async () => {
    const first = await runCli(['migrate', '--data-dir', dataDir], env);
    expect(first).toBe(`pglite ${path.join(dataDir, 'pglite')}: applied ${names.length}: ${names.join(', ')}`);
    expect(await runCli(['migrate'], { ...env, TEXTCLASS_DATA_DIR: dataDir })).toMatch(/: up to date$/);
    const server = await startServerProcess({ dataDir });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
