// Jobs survive a restart: rows accepted by a server whose workers are off are classified by the next server on the same database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/in-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { eventually } from '../testing/webhook-receiver.js';

describe('classification jobs across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-restart-'));
  let scratch: ScratchDatabase | undefined;

  afterAll(async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('classifies after a restart the rows whose jobs were pending when the server stopped', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    scratch = baseUrl ? await createScratchDatabase(baseUrl, 'restart') : undefined;
    const database = { dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) };

    const first = await startTestServer({ ...database, pipelineWorkers: false });
    const item = await first.call('POST', '/v2/dataset/1/item', {
      body: { rows: [{ text: 'My invoice is wrong' }, { text: 'The app crashes' }] },
    });
    expect(item.status).toBe(200);
    const pushed = await first.call('POST', '/v2/datasets/ds_1/records', { body: { text: 'Where is my parcel?' } });
    expect(pushed.status).toBe(201);
    expect(await first.running.runtime.repos.jobs.countPending()).toBe(2);
    await first.close();

    const second = await startTestServer({ ...database, pipelineWorkers: true, pipelinePollMs: 50 });
    try {
      const records = await eventually(async () => {
        const page = await second.call('GET', '/v2/datasets/ds_1/records');
        return page.body.data.every((r: { classifications: unknown }) => r.classifications !== null)
          ? page.body.data
          : undefined;
      }, 'the pending rows to be classified');
      expect(records.map((r: { values: { text: string } }) => r.values.text)).toEqual([
        'My invoice is wrong',
        'The app crashes',
        'Where is my parcel?',
      ]);
      for (const record of records) expect(Object.keys(record.classifications).sort()).toEqual(['1', '2']);
      expect(await second.running.runtime.repos.jobs.countPending()).toBe(0);
    } finally {
      await second.close();
    }
  });
});
