// One rule for dataset ids on every path (ds_<id> or the bare id), and a mistyped path answered 404 with the path meant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const rows = { rows: [{ text: 'Where is my parcel?' }] };

describe('dataset ids', () => {
  it('takes ds_<id> and the bare id alike on every dataset path, the item path included', async () => {
    for (const id of ['ds_1', '1']) {
      expect((await server.call('GET', `/v2/datasets/${id}`)).status).toBe(200);
      expect((await server.call('GET', `/v2/datasets/${id}/records`)).status).toBe(200);
      expect((await server.call('GET', `/v2/datasets/${id}/uploads`)).status).toBe(200);
      const added = await server.call('POST', `/v2/dataset/${id}/item`, { body: rows });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toEqual({ status: 'success' });
    }
  });

  it('refuses a malformed id with 400 naming dataset_id, the same way on every path', async () => {
    for (const path of [
      '/v2/datasets/ds_01',
      '/v2/datasets/DS_1/records',
      '/v2/dataset/ds_01/item',
      '/v2/dataset/x1/item',
    ]) {
      const method = path.endsWith('/item') ? 'POST' : 'GET';
      const res = await server.call(method, path, { body: method === 'POST' ? rows : undefined });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({
        error_code: 'INVALID_PARAMETER',
        message: expect.stringContaining('dataset_id'),
      });
    }
    expect((await server.call('POST', '/v2/dataset/ds_999999/item', { body: rows })).status).toBe(404);
  });
});

describe('a mistyped path', () => {
  it('is 404 naming the method and path, with the path meant', async () => {
    const cases: Array<[string, string, string]> = [
      ['POST', '/v2/datasets/ds_1/item', '/v2/dataset/ds_1/item'],
      ['POST', '/v2/dataset/ds_1/items', '/v2/dataset/ds_1/item'],
      ['GET', '/v2/dataset/ds_1', '/v2/datasets/ds_1'],
      ['GET', '/v2/model/1', '/v2/models/1'],
      ['GET', '/v2/datasets/ds_1/record', '/v2/datasets/ds_1/records'],
      ['POST', '/v1/models/1/inference', '/v2/models/1/inference'],
    ];
    for (const [method, path, meant] of cases) {
      const res = await server.call(method, path, { body: method === 'POST' ? rows : undefined });
      expect(res.status, path).toBe(404);
      expect(res.body.error_code ?? res.body.error?.code).toMatch(/NOT_FOUND|not_found/);
      const message: string = res.body.message ?? res.body.error.message;
      expect(message).toBe(`no endpoint matches ${method} ${path}; did you mean ${meant}? See /docs`);
    }
    const far = await server.call('GET', '/v2/nothing-here');
    expect(far.status).toBe(404);
    expect(far.body.message).toBe('no endpoint matches GET /v2/nothing-here; see /docs');
  });
});
