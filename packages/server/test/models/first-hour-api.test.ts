// The first-hour model API over HTTP on the real server: training examples listed, edited and deleted by id; updateModel; every evaluation kept per version without touching the training's metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { finished, labelledSet } from './support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
const labels = [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }];
let modelCount = 0;

async function createModel(body: Record<string, unknown>): Promise<number> {
  const res = await server.call('POST', '/v2/models', { body: { name: `first hour ${++modelCount}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function trainedModel(): Promise<number> {
  const id = await createModel({ type: 'fine-tuned', labels });
  const examples = english.map(({ text, label }) => ({ text, label }));
  expect((await server.call('POST', `/v2/models/${id}/examples`, { body: { examples } })).status).toBe(201);
  const job = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 1, deploy: true } });
  expect((await finished(server, id, job.body.id)).status).toBe('succeeded');
  return id;
}

describe('training examples', () => {
  let id: number;
  const seed = [
    { text: 'I love this, wonderful', label: 'positive' },
    { text: 'It broke on day one', label: 'negative' },
    { text: 'It arrived on Tuesday', label: 'neutral' },
    { text: 'Great value, very happy', label: 'positive' },
    { text: 'Awful support, never again', label: 'negative' },
  ];

  beforeAll(async () => {
    id = await createModel({ type: 'fine-tuned', labels, examples: seed });
  });

  it('lists them oldest first, paginated, with stable ids, and filters by label', async () => {
    const first = await server.call('GET', `/v2/models/${id}/examples?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, offset: 0, limit: 2, has_more: true });
    expect(first.body.data.map((e: any) => e.text)).toEqual([seed[0]!.text, seed[1]!.text]);
    expect(first.body.data[0]).toMatchObject({ label: 'positive', labels: null, source: 'api' });
    const last = await server.call('GET', `/v2/models/${id}/examples?offset=4&limit=2`);
    expect(last.body).toMatchObject({ total: 5, has_more: false });
    expect(last.body.data.map((e: any) => e.text)).toEqual([seed[4]!.text]);
    const again = await server.call('GET', `/v2/models/${id}/examples?limit=2`);
    expect(again.body.data.map((e: any) => e.id)).toEqual(first.body.data.map((e: any) => e.id));

    const positive = await server.call('GET', `/v2/models/${id}/examples?label=positive`);
    expect(positive.body.total).toBe(2);
    expect(positive.body.data.map((e: any) => e.label)).toEqual(['positive', 'positive']);
    const unknown = await server.call('GET', `/v2/models/${id}/examples?label=mixed`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error_code: 'INVALID_PARAMETER', message: expect.stringMatching(/^label: /) });
  });

  it('edits the text and the label of one example, keeping its id', async () => {
    const [example] = (await server.call('GET', `/v2/models/${id}/examples?label=neutral`)).body.data;
    const res = await server.call('PATCH', `/v2/models/${id}/examples/${example.id}`, {
      body: { text: 'It arrived on Tuesday and works fine', label: 'positive' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      example: { id: example.id, text: 'It arrived on Tuesday and works fine', label: 'positive', source: 'edit' },
      training_job: null,
    });
    const relabel = await server.call('PATCH', `/v2/models/${id}/examples/${example.id}`, { body: { label: 'neutral' } });
    expect(relabel.body.example).toMatchObject({ text: 'It arrived on Tuesday and works fine', label: 'neutral' });
    expect((await server.call('GET', `/v2/models/${id}/examples?label=neutral`)).body.data[0].id).toBe(example.id);
  });

  it('refuses an unknown label, several labels on a single-label model, a taken text and an empty change', async () => {
    const [example, other] = (await server.call('GET', `/v2/models/${id}/examples`)).body.data;
    const path = `/v2/models/${id}/examples/${example.id}`;
    const unknown = await server.call('PATCH', path, { body: { label: 'mixed' } });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringMatching(/^label: "mixed"/)]);
    const several = await server.call('PATCH', path, { body: { labels: ['positive', 'negative'] } });
    expect([several.status, several.body.message]).toEqual([400, expect.stringMatching(/^labels: /)]);
    const taken = await server.call('PATCH', path, { body: { text: other.text } });
    expect([taken.status, taken.body.error_code]).toEqual([409, 'CONFLICT']);
    const empty = await server.call('PATCH', path, { body: {} });
    expect(empty.status).toBe(400);
    const extra = await server.call('PATCH', path, { body: { label: 'positive', weight: 2 } });
    expect([extra.status, extra.body.message]).toEqual([400, expect.stringContaining('weight')]);
    expect((await server.call('GET', `/v2/models/${id}/examples`)).body.data[0]).toMatchObject({
      text: example.text,
      label: example.label,
    });
  });

  it('deletes one example; a second delete and an id of no example are 404', async () => {
    const [example] = (await server.call('GET', `/v2/models/${id}/examples`)).body.data;
    const res = await server.call('DELETE', `/v2/models/${id}/examples/${example.id}`);
    expect(res.status).toBe(204);
    const after = await server.call('GET', `/v2/models/${id}/examples`);
    expect(after.body.total).toBe(4);
    expect(after.body.data.map((e: any) => e.id)).not.toContain(example.id);
    const again = await server.call('DELETE', `/v2/models/${id}/examples/${example.id}`);
    expect([again.status, again.body.error_code]).toEqual([404, 'NOT_FOUND']);
    const missing = await server.call('PATCH', `/v2/models/${id}/examples/999999999`, { body: { label: 'positive' } });
    expect(missing.status).toBe(404);
    const malformed = await server.call('DELETE', `/v2/models/${id}/examples/01`);
    expect(malformed.status).toBe(400);
  });

  it("does not reach another model's example by id", async () => {
    const other = await createModel({ type: 'fine-tuned', labels, examples: seed.slice(0, 1) });
    const [example] = (await server.call('GET', `/v2/models/${id}/examples`)).body.data;
    expect((await server.call('DELETE', `/v2/models/${other}/examples/${example.id}`)).status).toBe(404);
    expect((await server.call('GET', `/v2/models/${id}/examples`)).body.total).toBe(4);
  });

  it('takes several labels on a multi-label model, and a few-shot model retrains after an edit', async () => {
    const multi = await createModel({
      type: 'fine-tuned',
      multi_label: true,
      labels: [{ name: 'refund' }, { name: 'complaint' }],
      examples: [{ text: 'I want my money back', labels: ['refund'] }],
    });
    const [example] = (await server.call('GET', `/v2/models/${multi}/examples?label=refund`)).body.data;
    expect(example.labels).toEqual(['refund']);
    const res = await server.call('PATCH', `/v2/models/${multi}/examples/${example.id}`, {
      body: { labels: ['refund', 'complaint'] },
    });
    expect(res.body.example).toMatchObject({ label: 'refund', labels: ['refund', 'complaint'] });
    expect((await server.call('GET', `/v2/models/${multi}/examples?label=complaint`)).body.total).toBe(1);

    const fewShot = await createModel({ type: 'few-shot', labels, examples: seed.slice(0, 3) });
    const [first] = (await server.call('GET', `/v2/models/${fewShot}/examples`)).body.data;
    const edited = await server.call('PATCH', `/v2/models/${fewShot}/examples/${first.id}`, {
      body: { text: 'I really love this' },
    });
    expect(edited.body.training_job).toMatchObject({ model_id: fewShot, status: 'queued' });
    expect((await finished(server, fewShot, edited.body.training_job.id)).status).toBe('succeeded');
  });

  it('lists no examples for a zero-shot model', async () => {
    const zeroShot = await createModel({ type: 'zero-shot', labels });
    expect((await server.call('GET', `/v2/models/${zeroShot}/examples`)).body).toMatchObject({ total: 0, data: [] });
  });
});

describe('updateModel', () => {
  it('changes the name, the description and the cut-offs; the answer and getModel show them', async () => {
    const id = await createModel({ type: 'fine-tuned', labels });
    const res = await server.call('PATCH', `/v2/models/${id}`, {
      body: {
        name: 'Renamed sentiment',
        description: 'Reviews from the shop',
        confidence_threshold: 0.7,
        label_thresholds: { neutral: 0.9 },
        target_precision: 0.85,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = {
      name: 'Renamed sentiment',
      description: 'Reviews from the shop',
      confidence_threshold: 0.7,
      label_thresholds: { positive: 0.7, negative: 0.7, neutral: 0.9 },
      target_precision: 0.85,
    };
    expect(res.body).toMatchObject(expected);
    expect((await server.call('GET', `/v2/models/${id}`)).body).toMatchObject(expected);
    const cleared = await server.call('PATCH', `/v2/models/${id}`, {
      body: { description: null, label_thresholds: null, target_precision: null },
    });
    expect(cleared.body).toMatchObject({
      name: 'Renamed sentiment',
      description: null,
      label_thresholds: { positive: 0.7, negative: 0.7, neutral: 0.7 },
      target_precision: null,
    });
  });

  it('keeps the cut-offs with the served version: a redeploy of it does not undo them', async () => {
    const id = await trainedModel();
    await server.call('PATCH', `/v2/models/${id}`, { body: { label_thresholds: { negative: 0.95 } } });
    const redeployed = await server.call('POST', `/v2/models/${id}/deploy`, { body: { version: 1 } });
    expect(redeployed.body.label_thresholds.negative).toBe(0.95);
  }, 120_000);

  it('refuses a taken name (409), fields that cannot change (400 naming them) and misplaced settings', async () => {
    const id = await createModel({ type: 'zero-shot', labels });
    const taken = await server.call('PATCH', `/v2/models/${id}`, { body: { name: 'Support topics' } });
    expect([taken.status, taken.body.error_code, taken.body.message]).toEqual([
      409,
      'CONFLICT',
      'name: a model named "Support topics" already exists',
    ]);
    for (const field of ['type', 'encoder', 'multi_label', 'status']) {
      const res = await server.call('PATCH', `/v2/models/${id}`, { body: { [field]: 'x' } });
      expect(res.status, field).toBe(400);
      expect(res.body.message, field).toContain(field);
    }
    const precision = await server.call('PATCH', `/v2/models/${id}`, { body: { target_precision: 0.9 } });
    expect([precision.status, precision.body.message]).toEqual([400, expect.stringMatching(/^target_precision: /)]);
    const cutoff = await server.call('PATCH', `/v2/models/${id}`, { body: { label_thresholds: { mixed: 0.5 } } });
    expect([cutoff.status, cutoff.body.message]).toEqual([400, expect.stringMatching(/^label_thresholds: .*"mixed"/)]);
    const label = await server.call('PATCH', `/v2/models/${id}`, { body: { labels: [{ name: 'mixed' }] } });
    expect([label.status, label.body.message]).toEqual([400, expect.stringMatching(/^labels\[0\]\.name: /)]);
    const fineTuned = await createModel({ type: 'fine-tuned', labels });
    const texts = await server.call('PATCH', `/v2/models/${fineTuned}`, { body: { labels: [{ name: 'positive' }] } });
    expect([texts.status, texts.body.message]).toEqual([400, expect.stringMatching(/^labels: /)]);
    expect((await server.call('GET', `/v2/models/${id}`)).body.name).toBe(`first hour ${modelCount - 1}`);
    expect((await server.call('PATCH', '/v2/models/999999', { body: { name: 'x' } })).status).toBe(404);
  });

  it("serves a zero-shot model's new label texts at once as a new version, and a rollback returns to the old", async () => {
    const money = ['I was charged twice and want a refund of my money'];
    const parcel = ['my parcel never arrived, the courier lost the delivery'];
    const id = await createModel({
      type: 'zero-shot',
      labels: [
        { name: 'first', descriptions: money },
        { name: 'second', descriptions: parcel },
      ],
    });
    await server.call('POST', `/v2/models/${id}/deploy`, { body: {} });
    const top = async () =>
      (await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: ['where is my parcel?'] } })).body
        .predictions[0][0].label;
    expect(await top()).toBe('second');
    const res = await server.call('PATCH', `/v2/models/${id}`, {
      body: {
        labels: [
          { name: 'first', descriptions: parcel },
          { name: 'second', descriptions: money },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'deployed', version: 2, previous_version: 1, labels: ['first', 'second'] });
    expect(res.body.metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
    expect(await top()).toBe('first');
    expect((await server.call('POST', `/v2/models/${id}/rollback`)).body.version).toBe(1);
    expect(await top()).toBe('second');
  });
});

describe('evaluation history', () => {
  it('keeps every evaluation per version, newest first, and leaves the training metrics untouched', async () => {
    const id = await trainedModel();
    const before = (await server.call('GET', `/v2/models/${id}`)).body.metrics;
    const sets = [english.slice(0, 5), english.slice(5, 16)].map((rows) => rows.map(({ text, label }) => ({ text, label })));
    for (const examples of sets) {
      const res = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.evaluated_on).toBe(examples.length);
    }
    // The regression: an evaluation used to overwrite the version's held-out metrics (its evaluated_on became 11).
    expect(before.evaluated_on).not.toBe(11);
    expect((await server.call('GET', `/v2/models/${id}`)).body.metrics).toEqual(before);
    const [version] = (await server.call('GET', `/v2/models/${id}/versions`)).body.data;
    expect(version.metrics).toEqual(before);

    const history = await server.call('GET', `/v2/models/${id}/evaluations`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ total: 2, offset: 0, limit: 20, has_more: false });
    expect(history.body.data.map((e: any) => [e.version, e.metrics.evaluated_on, e.source, e.dataset_id])).toEqual([
      [1, 11, 'examples', null],
      [1, 5, 'examples', null],
    ]);
    const page = await server.call('GET', `/v2/models/${id}/evaluations?limit=1&offset=1`);
    expect(page.body).toMatchObject({ total: 2, has_more: false });
    expect(page.body.data[0].metrics.evaluated_on).toBe(5);
    expect((await server.call('GET', `/v2/models/${id}/evaluations?version=2`)).body).toMatchObject({
      total: 0,
      data: [],
    });
    expect((await server.call('GET', `/v2/models/${id}/evaluations?version=0`)).status).toBe(400);
  }, 120_000);

  it("keeps a zero-shot model's evaluation as its version's metrics too, and names the dataset a set came from", async () => {
    const id = await createModel({ type: 'zero-shot', labels });
    const dataset = await server.call('POST', '/v2/datasets', {
      body: { name: 'labelled reviews', columns: [{ name: 'text', type: 'text' }, { name: 'gold', type: 'text' }], text_column: 'text' },
    });
    const rows = english.slice(0, 6).map((r) => ({ text: r.text, gold: r.label }));
    expect((await server.call('POST', `/v2/dataset/${dataset.body.id}/item`, { body: { rows } })).status).toBe(200);
    const res = await server.call('POST', `/v2/models/${id}/evaluations`, {
      body: { dataset_id: dataset.body.key, label_column: 'gold' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await server.call('GET', `/v2/models/${id}`)).body.metrics).toEqual(res.body);
    const [evaluation] = (await server.call('GET', `/v2/models/${id}/evaluations`)).body.data;
    expect(evaluation).toMatchObject({ version: 1, source: 'dataset', dataset_id: dataset.body.key, metrics: res.body });
  });
});
