// The dataset endpoints end to end on the seeded demo workspace: create, item, records and pagination, contract-validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('datasets', () => {
  it('creates, lists and gets a dataset by key or id', async () => {
    const created = await server.call('POST', '/v2/datasets', {
      body: {
        name: 'Chats',
        columns: [
          { name: 'message', type: 'text' },
          { name: 'score', type: 'number' },
          { name: 'at', type: 'timestamp' },
        ],
        text_column: 'message',
        model_ids: [1],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: `ds_${created.body.id}`,
      status: 'ready',
      row_count: 0,
      model_ids: [1],
      text_column: 'message',
    });
    expect((await server.call('GET', `/v2/datasets/${created.body.key}`)).body).toEqual(created.body);
    expect((await server.call('GET', `/v2/datasets/${created.body.id}`)).body).toEqual(created.body);
    const list = await server.call('GET', '/v2/datasets');
    expect(list.body.data.map((d: { id: number }) => d.id)).toContain(created.body.id);
  });

  it('item endpoint: drops unknown columns, nulls missing ones, stores rows in order', async () => {
    const res = await server.call('POST', '/v2/dataset/1/item', {
      body: {
        rows: [
          { text: 'First ticket', agent_id: 'a-1', unknown: 'dropped' },
          { text: 'Second ticket', created: '2026-11-20T10:00:00Z' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    const records = await server.call('GET', '/v2/datasets/ds_1/records?limit=100');
    const last = records.body.data.slice(-2);
    expect(last[0].values).toEqual({
      text: 'First ticket',
      agent_id: 'a-1',
      customer_id: null,
      channel: null,
      created: null,
    });
    expect(last[0].metadata).toEqual({});
    expect(last[1].values.created).toBe('2026-11-20T10:00:00Z');
    expect(last[0].classifications).toBeNull();
  });

  it('item endpoint is all or none: one bad row stores nothing', async () => {
    const before = (await server.call('GET', '/v2/datasets/ds_1')).body.row_count;
    const res = await server.call('POST', '/v2/dataset/1/item', {
      body: { rows: [{ text: 'fine' }, { text: 'bad date', created: 'yesterday' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('rows[1].created');
    expect((await server.call('GET', '/v2/datasets/ds_1')).body.row_count).toBe(before);
    expect(
      (
        await server.call('POST', '/v2/dataset/1/item', {
          body: { rows: Array.from({ length: 9 }, () => ({ text: 'x' })) },
        })
      ).status,
    ).toBe(400);
  });

  it('records endpoint: text fills the text column, other strings go to metadata', async () => {
    const res = await server.call('POST', '/v2/datasets/ds_1/records', {
      body: { text: 'Where is my order?', agent_id: 'agent-7', queue: 'priority', product: 'router' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      dataset_id: 'ds_1',
      values: { text: 'Where is my order?', agent_id: 'agent-7', customer_id: null },
      metadata: { queue: 'priority', product: 'router' },
      classifications: null,
    });
    expect(typeof res.body.id).toBe('string');
    const missing = await server.call('POST', '/v2/datasets/ds_1/records', { body: { agent_id: 'agent-7' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('MISSING_REQUIRED_FIELD');
  });

  it('paginates records', async () => {
    const all = await server.call('GET', '/v2/datasets/ds_1/records?limit=100');
    const page = await server.call('GET', '/v2/datasets/ds_1/records?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: all.body.total, offset: 1, limit: 1 });
    // The classifier may fill a record's classifications between the two reads: compare what does not change.
    const { id, values, metadata, created_at } = all.body.data[1];
    expect(page.body.data[0]).toMatchObject({ id, values, metadata, created_at });
  });
});
