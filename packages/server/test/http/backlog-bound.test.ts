// Back-pressure: past TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS the item, records and upload endpoints answer 503 with Retry-After and store nothing; under it they accept again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

describe('the classification backlog bound', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Workers off: the backlog stays where the writes leave it.
    server = await startTestServer({ pipelineWorkers: false, pipelineMaxBacklogRows: 2 });
  });

  afterAll(() => server.close());

  const stored = async () =>
    (await server.call('GET', '/v2/datasets/ds_1/records?limit=100')).body.data.length as number;

  it('refuses row writes past the bound with the error object and Retry-After, and keeps what it accepted', async () => {
    const before = await stored();
    const item = await server.call('POST', '/v2/dataset/1/item', {
      body: { rows: [{ text: 'My invoice is wrong' }, { text: 'The app crashes' }, { text: 'Refund please' }] },
    });
    expect(item.status).toBe(200);
    // One reading of the backlog serves 500 ms.
    await new Promise((r) => setTimeout(r, 600));
    const refused = [
      await server.call('POST', '/v2/dataset/1/item', { body: { rows: [{ text: 'one more' }] } }),
      await server.call('POST', '/v2/datasets/ds_1/records', { body: { text: 'and another' } }),
      await server.call('POST', '/v2/datasets/ds_1/uploads', {
        raw: 'text\nfrom a file\n',
        headers: { 'Content-Type': 'text/csv' },
      }),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ status: 503, error_code: 'UNAVAILABLE' });
      expect(reply.body.message).toContain('3 rows are waiting for classification');
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await stored()).toBe(before + 3);
    // A reader is told 403 first: the bound is no reason to skip the permission check.
    const reader = await server.createKey(server.workspace, 'reader');
    expect((await server.call('POST', '/v2/datasets/ds_1/records', { key: reader, body: { text: 'x' } })).status).toBe(
      403,
    );
  });
});
