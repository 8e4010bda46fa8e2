// Answering the review queue over HTTP: what is refused and how (400 naming the field, 404, 409), replays, and the queue's own checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { finished } from '../models/support.js';

let server: TestServer;
let modelId: number;
let datasetKey: string;
const records: string[] = [];

const EXAMPLES = [
  ['a second charge on my card', 'billing'],
  ['the invoice total is wrong', 'billing'],
  ['why was I billed twice', 'billing'],
  ['where is my parcel', 'shipping'],
  ['the courier never came', 'shipping'],
  ['my package is late', 'shipping'],
].map(([text, label]) => ({ text: text!, label: label! }));

async function ok(method: string, route: string, body?: unknown, status = 200): Promise<any> {
  const res = await server.call(method, route, { body });
  if (res.status !== status) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
  // A threshold of 1 flags every record: the queue holds them all.
  const model = await ok(
    'POST',
    '/v2/models',
    {
      name: 'answers',
      type: 'fine-tuned',
      labels: [{ name: 'billing' }, { name: 'shipping' }],
      confidence_threshold: 1,
    },
    201,
  );
  modelId = model.id;
  await ok('POST', `/v2/models/${modelId}/examples`, { examples: EXAMPLES }, 201);
  const job = await ok('POST', `/v2/models/${modelId}/training-jobs`, { holdout_fraction: 0, deploy: true }, 202);
  expect((await finished(server, modelId, job.id)).status).toBe('succeeded');
  const dataset = await ok(
    'POST',
    '/v2/datasets',
    { name: 'tickets', columns: [{ name: 'body', type: 'text' }], text_column: 'body', model_ids: [modelId] },
    201,
  );
  datasetKey = dataset.key ?? `ds_${dataset.id}`;
  const rows = [
    { body: 'I was charged twice this month' },
    { body: 'the parcel went to the wrong address' },
    { body: null },
  ];
  await ok('POST', `/v2/dataset/${dataset.id}/item`, { rows });
  records.push(...(await ok('GET', `/v2/datasets/${datasetKey}/records`)).data.map((r: any) => r.id));
  const deadline = Date.now() + 60_000;
  while ((await ok('GET', `/v2/models/${modelId}/review`)).total < 2) {
    if (Date.now() > deadline) throw new Error('the records were not classified in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('answering a review', () => {
  it('refuses a label the model does not have, naming the field and the labels', async () => {
    const res = await server.call('POST', `/v2/models/${modelId}/review/${records[0]}`, { body: { label: 'refund' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'INVALID_PARAMETER' });
    expect(res.body.message).toMatch(/^label: .*"refund".*"billing", "shipping"/);
    const missing = await server.call('POST', `/v2/models/${modelId}/review/${records[0]}`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/label/);
  });

  it('answers 404 for an unknown record or model, and 400 for a malformed record id', async () => {
    const record = await server.call('POST', `/v2/models/${modelId}/review/999999999`, { body: { label: 'billing' } });
    expect(record.status).toBe(404);
    expect(record.body.message).toBe('record 999999999 was not found');
    const model = await server.call('POST', `/v2/models/999999/review/${records[0]}`, { body: { label: 'billing' } });
    expect(model.status).toBe(404);
    const malformed = await server.call('POST', `/v2/models/${modelId}/review/0012`, { body: { label: 'billing' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/record_id/);
  });

  it('takes answers only for models that learn from examples', async () => {
    const res = await server.call('POST', `/v2/models/1/review/${records[0]}`, { body: { label: 'billing' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^model_id: a zero-shot model/);
  });

  it('stores an answer once: a replay changes nothing, another label is 409 naming the first', async () => {
    const route = `/v2/models/${modelId}/review/${records[0]}`;
    const first = await ok('POST', route, { label: 'billing' });
    expect(first).toEqual({
      model_id: modelId,
      record_id: records[0],
      dataset_id: datasetKey,
      label: 'billing',
      created: true,
    });
    expect(await ok('POST', route, { label: 'billing' })).toEqual({ ...first, created: false });
    const conflict = await server.call('POST', route, { body: { label: 'shipping' } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error_code: 'CONFLICT' });
    expect(conflict.body.message).toMatch(/already answered "billing"/);
    const queue = await ok('GET', `/v2/models/${modelId}/review`);
    expect(queue.data.map((item: any) => item.record_id)).toEqual([records[1]]);
    const stored = (await ok('GET', `/v2/datasets/${datasetKey}/records`)).data;
    expect(stored.find((r: any) => r.id === records[0]).needs_review).toEqual([]);
    expect(stored.find((r: any) => r.id === records[1]).needs_review).toEqual([String(modelId)]);
  });

  it('refuses a record without text, naming record_id', async () => {
    const res = await server.call('POST', `/v2/models/${modelId}/review/${records[2]}`, { body: { label: 'billing' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^record_id: record \d+ has no text/);
  });
});

describe('the review queue', () => {
  it('asks for dataset_id with suggestions, and shows suggestions in their own section', async () => {
    const without = await server.call('GET', `/v2/models/${modelId}/review?suggestions=2`);
    expect(without.status).toBe(400);
    expect(without.body.message).toMatch(/dataset_id/);
    const page = await ok('GET', `/v2/models/${modelId}/review?suggestions=2&dataset_id=${datasetKey}`);
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 20, has_more: false });
    expect(page.suggestions.length).toBeGreaterThan(0);
    for (const s of page.suggestions) expect(records).toContain(s.record_id);
    expect((await ok('GET', `/v2/models/${modelId}/review`)).suggestions).toBeUndefined();
  });

  it('answers 404 for a model of no workspace and 400 for a limit out of range', async () => {
    expect((await server.call('GET', '/v2/models/999999/review')).status).toBe(404);
    const limit = await server.call('GET', `/v2/models/${modelId}/review?limit=101`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toMatch(/limit/);
  });
});
