// Processes starting together on one empty PostgreSQL agree on one default workspace and one bootstrap key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapDefaultWorkspace } from '../../src/core/tenancy/bootstrap.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { createRepositories, openDatabase, withStartupLock, type Database } from '../../src/adapters/storage/index.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const PROCESSES = 4;

describe.skipIf(!baseUrl && process.env.CI !== 'true')('first start of several processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const databases: Database[] = [];

  beforeAll(async () => {
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is required in CI');
    scratch = await createScratchDatabase(baseUrl, 'first_start');
    const logger = createLogger('warn');
    // One migration run first, as `textclass migrate` would; then each "process" opens its own pool.
    await (await openDatabase({ databaseUrl: scratch.url, dataDir: '', logger })).close();
    for (let i = 0; i < PROCESSES; i++)
      databases.push(await openDatabase({ databaseUrl: scratch.url, dataDir: '', logger }));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
    await scratch?.drop();
  });

  it('creates the default workspace and generates its admin key exactly once', async () => {
    const results = await Promise.all(
      databases.map((database) =>
        withStartupLock(database, () => bootstrapDefaultWorkspace(createRepositories(database.db), undefined)),
      ),
    );
    expect(new Set(results.map((result) => result.workspace.id)).size).toBe(1);
    expect(results.filter((result) => result.generated)).toHaveLength(1);
    const keys = await scratch.pool.query<{ n: string }>('SELECT count(*) AS n FROM api_keys');
    expect(Number(keys.rows[0]!.n)).toBe(1);
    const workspaces = await scratch.pool.query<{ n: string }>('SELECT count(*) AS n FROM workspaces');
    expect(Number(workspaces.rows[0]!.n)).toBe(1);
  });
});
