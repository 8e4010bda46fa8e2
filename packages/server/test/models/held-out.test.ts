// A trained version's held-out predictions over HTTP on the real server: every cell of the confusion matrix lists
// exactly the texts it counts, paginated; unknown labels, a multi-label model and a version that keeps none are 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { finished, labelledSet } from './support.js';

let server: TestServer;
let modelId = 0;
let model: any;
const english = labelledSet('sentiment')
  .filter((r) => r.lang === 'en')
  .map(({ text, label }) => ({ text, label }));
const labels = [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }];

beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
  const created = await server.call('POST', '/v2/models', {
    body: { name: 'held out', type: 'fine-tuned', labels, examples: english },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  modelId = created.body.id;
  const job = await server.call('POST', `/v2/models/${modelId}/training-jobs`, { body: { seed: 1, deploy: true } });
  expect((await finished(server, modelId, job.body.id, 120_000)).status).toBe('succeeded');
  model = (await server.call('GET', `/v2/models/${modelId}`)).body;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const heldOut = (query: string, id = modelId, version = model.version) =>
  server.call('GET', `/v2/models/${id}/versions/${version}/held-out?${query}`);

describe('held-out predictions of a version', () => {
  it('lists in each cell exactly as many texts as the confusion matrix counts there, all labelled and predicted so', async () => {
    const names: string[] = model.labels;
    const matrix: number[][] = model.metrics.confusion_matrix;
    const texts = new Set(english.map((e) => e.text));
    let seen = 0;
    for (const [row, gold] of names.entries())
      for (const [column, predicted] of names.entries()) {
        const res = await heldOut(`label=${gold}&predicted_label=${predicted}&limit=100`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.total, `${gold} → ${predicted}`).toBe(matrix[row]![column]);
        for (const item of res.body.data) {
          expect(item).toMatchObject({ label: gold, predicted_label: predicted, example_id: expect.any(String) });
          expect(texts.has(item.text)).toBe(true);
          expect(item.confidence).toBeGreaterThan(0);
          expect(item.confidence).toBeLessThanOrEqual(1);
        }
        seen += res.body.total;
      }
    expect(seen).toBe(model.metrics.evaluated_on);
    expect(matrix.some((row, r) => row.some((count, c) => r !== c && count > 0))).toBe(true);
  });

  it('pages through the whole held-out part, a row and a column at a time', async () => {
    const all = await heldOut('limit=100');
    expect(all.body.total).toBe(model.metrics.evaluated_on);
    const first = await heldOut('limit=2');
    expect(first.body).toMatchObject({ offset: 0, limit: 2, has_more: true, total: all.body.total });
    const second = await heldOut('limit=2&offset=2');
    expect([...first.body.data, ...second.body.data]).toEqual(all.body.data.slice(0, 4));
    const row = await heldOut('label=negative&limit=100');
    expect(row.body.total).toBe(model.metrics.per_class.negative.support);
    const column = await heldOut('predicted_label=negative&limit=100');
    expect(column.body.data.every((item: any) => item.predicted_label === 'negative')).toBe(true);
  });

  it('refuses a label the version does not have, naming the parameter', async () => {
    for (const [query, name] of [
      ['label=mixed', 'label'],
      ['predicted_label=mixed', 'predicted_label'],
    ] as const) {
      const res = await heldOut(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'INVALID_PARAMETER', message: expect.stringMatching(`^${name}: `) });
    }
  });

  it('answers 404 for an unknown version and for a version that keeps no held-out texts (an import)', async () => {
    expect((await heldOut('', modelId, 99)).status).toBe(404);
    const exported = await server.call('GET', `/v2/models/${modelId}/export`);
    expect(exported.status).toBe(200);
    const imported = await server.call('POST', '/v2/models/import?name=imported', { body: exported.body });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const res = await heldOut('', imported.body.id, 1);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/held-out texts/);
  });

  it('refuses a multi-label model: it has no confusion matrix', async () => {
    const created = await server.call('POST', '/v2/models', {
      body: { name: 'tags', type: 'fine-tuned', multi_label: true, labels },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await heldOut('', created.body.id, 1);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^model_id: .*multi-label/);
  });
});
