// One request per error_code the service answers (the statuses transport/http/errors.ts maps): status, error_code, request_id, and the server keeps serving.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
const infer = (body: unknown, key?: string | null) => server.call('POST', '/v2/models/1/inference', { body, key });

function expectError(
  res: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
  field?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ status, error_code: code });
  expect(Object.keys(res.body).sort()).toEqual(['error_code', 'message', 'request_id', 'status']);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  if (field) expect(res.body.message).toContain(field);
}

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('errors table', () => {
  afterEach(async () => {
    expect((await server.call('GET', '/health', { key: null })).status).toBe(200);
    expect((await infer({ texts: ['still serving?'] })).status).toBe(200);
  });

  it('texts missing → 400 MISSING_REQUIRED_FIELD', async () => {
    expectError(await infer({ max_predictions: 1 }), 400, 'MISSING_REQUIRED_FIELD', 'texts');
  });

  it('texts not an array → 400 MISSING_REQUIRED_FIELD', async () => {
    expectError(await infer({ texts: 'one text' }), 400, 'MISSING_REQUIRED_FIELD', 'texts');
  });

  it('body not valid JSON → 400 MALFORMED_JSON', async () => {
    expectError(await server.call('POST', '/v2/models/1/inference', { raw: '{"texts": ["a"' }), 400, 'MALFORMED_JSON');
  });

  it('texts empty, or only empty strings → 400 EMPTY_TEXTS', async () => {
    expectError(await infer({ texts: [] }), 400, 'EMPTY_TEXTS', 'texts');
    expectError(await infer({ texts: ['', '   '] }), 400, 'EMPTY_TEXTS', 'texts');
  });

  it.each([
    ['an element that is not a string', { texts: ['ok', 5] }, 'texts[1]'],
    ['too many texts', { texts: Array.from({ length: 9 }, (_, i) => `text ${i}`) }, 'texts'],
    ['a text over 10,000 characters', { texts: ['x'.repeat(10_001)] }, 'texts[0]'],
    ['an unknown field', { texts: ['ok'], language: 'en' }, 'language'],
    ['max_predictions out of range', { texts: ['ok'], max_predictions: 0 }, 'max_predictions'],
    ['a label_filter naming no label of the model', { texts: ['ok'], label_filter: ['nope'] }, 'label_filter'],
  ])('%s → 400 INVALID_PARAMETER naming the field', async (_name, body, field) => {
    expectError(await infer(body), 400, 'INVALID_PARAMETER', field);
  });

  it('missing or invalid API key → 401 UNAUTHORIZED', async () => {
    expectError(await infer({ texts: ['a'] }, null), 401, 'UNAUTHORIZED', 'Authorization');
    expectError(await infer({ texts: ['a'] }, 'tc_unknown_key_that_does_not_exist'), 401, 'UNAUTHORIZED');
  });

  it('a key whose role lacks the permission → 403 FORBIDDEN', async () => {
    const reader = await server.createKey(server.workspace, 'reader');
    expectError(await infer({ texts: ['a'] }, reader), 403, 'FORBIDDEN');
    expect((await server.call('GET', '/v2/models', { key: reader })).status).toBe(200);
  });

  it('monthly quota used up → 403 QUOTA_EXCEEDED, refusing a request that would cross it whole', async () => {
    const workspace = await server.createWorkspace({ name: 'quota-test', plan: 'enterprise', monthlyQuota: 3 });
    const key = await server.createKey(workspace, 'member');
    const model = await server.running.runtime.repos.models.create({
      ...(await server.running.runtime.repos.models.get(server.workspace.id, 1))!,
      workspaceId: workspace.id,
    });
    const call = (texts: string[]) => server.call('POST', `/v2/models/${model.id}/inference`, { body: { texts }, key });
    expectError(await call(['a', 'b', 'c', 'd']), 403, 'QUOTA_EXCEEDED');
    expect((await call(['a', 'b'])).status).toBe(200);
    expectError(await call(['c', 'd']), 403, 'QUOTA_EXCEEDED');
    expect((await call(['c'])).status).toBe(200);
  });

  it('model or dataset missing, or in another workspace → 404 NOT_FOUND', async () => {
    expectError(
      await server.call('POST', '/v2/models/999999/inference', { body: { texts: ['a'] } }),
      404,
      'NOT_FOUND',
      'model',
    );
    expectError(await server.call('GET', '/v2/datasets/ds_999999'), 404, 'NOT_FOUND', 'dataset');
    const other = await server.createWorkspace({ name: 'other-404' });
    const otherKey = await server.createKey(other, 'admin');
    expectError(await server.call('GET', '/v2/models/1', { key: otherKey }), 404, 'NOT_FOUND');
    expectError(
      await server.call('POST', '/v2/models/1/inference', { body: { texts: ['a'] }, key: otherKey }),
      404,
      'NOT_FOUND',
    );
    expectError(await server.call('GET', '/v2/datasets/ds_1/records', { key: otherKey }), 404, 'NOT_FOUND');
  });

  it('inference on an archived / not yet deployed model → 409 MODEL_ARCHIVED / MODEL_NOT_DEPLOYED', async () => {
    const { repos } = server.running.runtime;
    const base = (await repos.models.get(server.workspace.id, 1))!;
    const archived = await repos.models.create({ ...base, name: 'archived model', status: 'archived' });
    const undeployed = await repos.models.create({ ...base, name: 'undeployed model', status: 'undeployed' });
    expectError(
      await server.call('POST', `/v2/models/${archived.id}/inference`, { body: { texts: ['a'] } }),
      409,
      'MODEL_ARCHIVED',
    );
    expectError(
      await server.call('POST', `/v2/models/${undeployed.id}/inference`, { body: { texts: ['a'] } }),
      409,
      'MODEL_NOT_DEPLOYED',
    );
    expectError(
      await server.call('POST', '/v2/multi-model/inference', { body: { texts: ['a'], model_ids: [1, archived.id] } }),
      409,
      'MODEL_ARCHIVED',
    );
  });

  it('writing to a dataset that is processing → 409 DATASET_PROCESSING', async () => {
    const { repos } = server.running.runtime;
    const created = await server.call('POST', '/v2/datasets', {
      body: { name: 'busy', columns: [{ name: 'text', type: 'text' }], text_column: 'text' },
    });
    await repos.datasets.setStatus(server.workspace.id, created.body.id, 'processing');
    expectError(
      await server.call('POST', `/v2/dataset/${created.body.id}/item`, { body: { rows: [{ text: 'a' }] } }),
      409,
      'DATASET_PROCESSING',
    );
    expectError(
      await server.call('POST', `/v2/datasets/${created.body.key}/records`, { body: { text: 'a' } }),
      409,
      'DATASET_PROCESSING',
    );
  });

  it('a body over 1 MiB → 413 PAYLOAD_TOO_LARGE, with the rate-limit headers', async () => {
    const res = await server.call('POST', '/v2/models/1/inference', {
      raw: JSON.stringify({ texts: ['x'.repeat(1024 * 1024)] }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.headers.get('x-ratelimit-limit')).toBe('6000');
  });

  it('over the per-minute limit → 429 RATE_LIMITED with Retry-After', async () => {
    const workspace = await server.createWorkspace({ name: 'tiny-limit', plan: 'enterprise', rateLimitPerMinute: 1 });
    const key = await server.createKey(workspace, 'reader');
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push(await server.call('GET', '/v2/models', { key }));
    expect(statuses.map((s) => s.status)).toEqual([200, 200, 429]);
    expectError(statuses[2]!, 429, 'RATE_LIMITED');
    const retryAfter = Number(statuses[2]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(statuses[2]!.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('unknown route → 404 NOT_FOUND; wrong method → 405 METHOD_NOT_ALLOWED', async () => {
    expectError(await server.call('GET', '/v2/nothing-here'), 404, 'NOT_FOUND');
    const wrong = await server.call('DELETE', '/v2/models');
    expectError(wrong, 405, 'METHOD_NOT_ALLOWED');
  });
});
