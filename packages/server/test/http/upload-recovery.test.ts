// Crash recovery: an upload a dead server left processing is failed on the next start, its staged rows removed and its dataset ready.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetKey } from '../../src/core/datasets/dataset-keys.js';
import { createUploadRepository } from '../../src/adapters/storage/index.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';

let dataDir: string;
let scratch: ScratchDatabase | undefined;
const servers: TestServer[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-upload-recovery-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) scratch = await createScratchDatabase(baseUrl, 'uploadcrash');
}, 120_000);
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Both servers share one database: the PGlite directory, or the scratch PostgreSQL database. */
const start = async () => {
  const server = await startTestServer({ dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) });
  servers.push(server);
  return server;
};

describe('an upload left processing by a server that died', () => {
  it('is failed on the next start: no row stored, staging emptied, dataset ready', async () => {
    const first = await start();
    const { runtime } = first.running;
    const dataset = await runtime.services.datasets.create(first.workspace.id, {
      name: 'crash',
      columns: [{ name: 'text', type: 'text' }],
      textColumn: 'text',
      modelIds: [],
    });
    const uploads = createUploadRepository(runtime.database.db);
    const upload = await uploads.begin(first.workspace.id, dataset.id, 'csv');
    if (typeof upload === 'string') throw new Error(upload);
    expect(await uploads.stage(upload.id, 0, [{ text: 'staged 1' }, { text: 'staged 2' }])).toBe(true);
    // The process that owned it is gone: its heartbeat stopped long ago.
    await sql`update uploads set heartbeat_at = now() - interval '1 hour' where id = ${upload.id}`.execute(
      runtime.database.db,
    );
    await first.running.runtime.database.db
      .selectFrom('upload_rows')
      .select('row_index')
      .execute()
      .then((rows) => expect(rows).toHaveLength(2));
    expect((await first.call('GET', `/v2/datasets/${datasetKey(dataset.id)}`)).body.status).toBe('processing');
    await first.close();
    servers.length = 0;

    const second = await start();
    const key = datasetKey(dataset.id);
    const after = await second.call('GET', `/v2/datasets/${key}/uploads/up_${upload.id}`);
    expect(after.body).toMatchObject({
      status: 'failed',
      rows_stored: 0,
      error: { line: null, message: expect.stringContaining('stopped') },
    });
    expect(after.body.completed_at).toEqual(expect.any(String));
    expect((await second.call('GET', `/v2/datasets/${key}`)).body).toMatchObject({ status: 'ready', row_count: 0 });
    expect((await second.call('GET', `/v2/datasets/${key}/records`)).body.total).toBe(0);
    expect(await second.running.runtime.database.db.selectFrom('upload_rows').select('row_index').execute()).toEqual(
      [],
    );
    expect(
      (
        await second.call('POST', `/v2/datasets/${key}/uploads`, {
          raw: 'text\nagain\n',
          headers: { 'Content-Type': 'text/csv' },
        })
      ).status,
    ).toBe(202);
  });
});
