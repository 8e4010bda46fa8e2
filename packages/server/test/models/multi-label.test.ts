// Multi-label models over HTTP on the real server: examples with several labels, training with sigmoid outputs and per-label cut-offs, inference, records, and the 400s.
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

const LABELS = ['billing', 'shipping', 'refund', 'praise'];
const english = labelledSet('support-intents').filter((r) => r.lang === 'en' && LABELS.includes(r.label));
const byLabel = (label: string) => english.filter((r) => r.label === label).map((r) => r.text);
/** Per label, the first 12 texts train; the other 4 are never seen. */
const train = Object.fromEntries(LABELS.map((l) => [l, byLabel(l).slice(0, 12)]));
const unseen = Object.fromEntries(LABELS.map((l) => [l, byLabel(l).slice(12)]));
const PAIRS: Array<[string, string]> = [
  ['billing', 'refund'],
  ['shipping', 'refund'],
  ['billing', 'shipping'],
  ['shipping', 'praise'],
];

async function createModel(body: Record<string, unknown>) {
  return server.call('POST', '/v2/models', { body: { labels: LABELS.map((name) => ({ name })), ...body } });
}

describe('a multi-label fine-tuned model', () => {
  let id: number;

  it('is created with multi_label and shows it', async () => {
    const res = await createModel({ name: 'Intents, several per ticket', type: 'fine-tuned', multi_label: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ multi_label: true, version: null });
    expect(res.body.multi_label_cutoffs).toEqual({ billing: 0.5, shipping: 0.5, refund: 0.5, praise: 0.5 });
    id = res.body.id;
    const single = await createModel({ name: 'Intents, one per ticket', type: 'fine-tuned' });
    expect(single.body.multi_label).toBe(false);
    expect(single.body).not.toHaveProperty('multi_label_cutoffs');
  });

  it('takes examples with one label, with several (labels), and as a CSV whose label cells hold several', async () => {
    const single = LABELS.flatMap((label) => train[label]!.slice(0, 8).map((text) => ({ text, label })));
    const res = await server.call('POST', `/v2/models/${id}/examples`, { body: { examples: single } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Texts of two intents: one of each joined, labelled with both.
    const pairs = PAIRS.flatMap(([a, b]) =>
      train[a]!.slice(0, 12).map((text, i) => ({ text: `${text} ${train[b]![i]}`, labels: [a, b] })),
    );
    const multi = await server.call('POST', `/v2/models/${id}/examples`, { body: { examples: pairs.slice(0, 30) } });
    expect(multi.status, JSON.stringify(multi.body)).toBe(201);
    expect(multi.body.added).toBe(30);
    const csvRows = [
      ...pairs.slice(30).map((p) => `"${p.text.replaceAll('"', '""')}",${p.labels.join('|')}`),
      ...LABELS.flatMap((label) => train[label]!.slice(8).map((t) => `"${t.replaceAll('"', '""')}",${label}`)),
    ];
    const csv = await server.call('POST', `/v2/models/${id}/examples`, {
      raw: `text,label\n${csvRows.join('\n')}\n`,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(csv.status, JSON.stringify(csv.body)).toBe(201);
    const counts = csv.body.examples_per_label;
    // Every example counts once for each of its labels.
    const expected = Object.fromEntries(LABELS.map((l) => [l, 12 + pairs.filter((p) => p.labels.includes(l)).length]));
    expect(counts).toEqual(expected);
  });

  it('refuses bad example bodies with 400s naming the field', async () => {
    const post = (examples: unknown[]) => server.call('POST', `/v2/models/${id}/examples`, { body: { examples } });
    const both = await post([{ text: 'x', label: 'billing', labels: ['billing'] }]);
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error_code: 'INVALID_PARAMETER' });
    expect(both.body.message).toMatch(/^examples\[0\]: give either label or labels/);
    const unknown = await post([{ text: 'x', labels: ['billing', 'weather'] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/examples\[0\]\.labels\[1\]: "weather" is not a label/);
    const empty = await post([{ text: 'x', labels: [] }]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/labels/);
    const neither = await post([{ text: 'x' }]);
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ error_code: 'MISSING_REQUIRED_FIELD' });
    expect(neither.body.message).toMatch(/examples\[0\]\.label/);

    const single = await createModel({ name: 'Single-label, refuses labels', type: 'fine-tuned' });
    const refused = await server.call('POST', `/v2/models/${single.body.id}/examples`, {
      body: { examples: [{ text: 'x', labels: ['billing'] }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/examples\[0\]\.labels: only a multi-label model/);
    const llm = await createModel({
      name: 'LLM multi',
      type: 'llm',
      multi_label: true,
      llm: { endpoint: 'default', prompt: 'Classify.' },
    });
    expect(llm.status).toBe(400);
    expect(llm.body.message).toMatch(/multi_label/);
    const notBoolean = await createModel({ name: 'Bad flag', type: 'fine-tuned', multi_label: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toMatch(/multi_label/);
  });

  it('trains independent sigmoid outputs with a cut-off per label and reports multi-label metrics', async () => {
    const started = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 2, deploy: true } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finished(server, id, started.body.id, 120_000);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'succeeded', version: 1 });
    const model = (await server.call('GET', `/v2/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'deployed', multi_label: true, training_examples: 96 });
    expect(Object.keys(model.multi_label_cutoffs).sort()).toEqual([...LABELS].sort());
    for (const c of Object.values<number>(model.multi_label_cutoffs)) {
      expect(c).toBeGreaterThan(0);
      expect(c).toBeLessThan(1);
    }
    const m = model.metrics;
    expect(m.accuracy).toBe(m.subset_accuracy);
    for (const key of ['f1_micro', 'f1_macro', 'subset_accuracy', 'hamming_loss'])
      expect(m[key], key).toBeGreaterThanOrEqual(0);
    expect(m.f1_micro).toBeGreaterThan(0.6);
    expect(Object.keys(m.per_class).sort()).toEqual([...LABELS].sort());
    expect(m.evaluated_on).toBeGreaterThan(0);
  });

  it('scores every label independently, sorted descending, and a text of two intents clears both cut-offs', async () => {
    const cutoffs = (await server.call('GET', `/v2/models/${id}`)).body.multi_label_cutoffs;
    const texts = [
      `${unseen.billing![0]} ${unseen.refund![0]}`,
      `${unseen.shipping![1]} ${unseen.refund![1]}`,
      unseen.praise![0]!,
    ];
    const res = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second, third] = res.body.predictions as Array<Array<{ label: string; confidence: number }>>;
    for (const row of res.body.predictions) {
      expect(row).toHaveLength(4);
      const scores = row.map((p: any) => p.confidence);
      expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    }
    const score = (row: typeof first, label: string) => row!.find((p) => p.label === label)!.confidence;
    expect(score(first, 'billing')).toBeGreaterThanOrEqual(cutoffs.billing);
    expect(score(first, 'refund')).toBeGreaterThanOrEqual(cutoffs.refund);
    expect(score(second, 'shipping')).toBeGreaterThanOrEqual(cutoffs.shipping);
    expect(score(second, 'refund')).toBeGreaterThanOrEqual(cutoffs.refund);
    expect(third).toHaveLength(4);
    // Independent sigmoids: a text of two intents has two high scores, so its row sums well above 1.
    expect(first!.reduce((a, p) => a + p.confidence, 0)).toBeGreaterThan(1.2);

    // Texts of one intent never seen in training: the gold label scores highest for most of them.
    const singles = LABELS.flatMap((label) => unseen[label]!.map((text) => ({ text, label })));
    let right = 0;
    for (let i = 0; i < singles.length; i += 8) {
      const part = singles.slice(i, i + 8);
      const out = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: part.map((p) => p.text) } });
      out.body.predictions.forEach((row: any[], j: number) => (right += row[0].label === part[j]!.label ? 1 : 0));
    }
    expect(right / singles.length).toBeGreaterThanOrEqual(0.75);

    const capped = await server.call('POST', `/v2/models/${id}/inference`, {
      body: { texts: [texts[0]], max_predictions: 1 },
    });
    expect(capped.body.predictions[0]).toEqual([first![0]]);
    const filtered = await server.call('POST', `/v2/models/${id}/inference`, {
      body: { texts: [texts[0]], label_filter: ['refund', 'praise'] },
    });
    expect(filtered.body.predictions[0]).toEqual(first!.filter((p) => p.label === 'refund' || p.label === 'praise'));
  });

  it('is evaluated on a labelled set with several labels per text, and moves to another model by export / import', async () => {
    const examples = PAIRS.map(([a, b], i) => ({ text: `${unseen[a]![i]} ${unseen[b]![i]}`, labels: [a, b] }));
    examples.push(...LABELS.map((label) => ({ text: unseen[label]![3]!, labels: [label] })));
    const res = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ evaluated_on: examples.length });
    expect(res.body.accuracy).toBe(res.body.subset_accuracy);
    expect(res.body.f1_micro).toBeGreaterThan(0.6);

    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    const imported = await server.call('POST', '/v2/models/import?name=Imported%20intents', { body: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body;
    expect(copy).toMatchObject({ multi_label: true });
    expect(copy.multi_label_cutoffs).toEqual((await server.call('GET', `/v2/models/${id}`)).body.multi_label_cutoffs);
    expect((await server.call('POST', `/v2/models/${copy.id}/deploy`)).status).toBe(200);
    const text = `${unseen.billing![0]} ${unseen.refund![0]}`;
    const [a, b] = await Promise.all(
      [id, copy.id].map((m) => server.call('POST', `/v2/models/${m}/inference`, { body: { texts: [text] } })),
    );
    expect(b!.body.predictions).toEqual(a!.body.predictions);
  });

  it('gives a dataset record every label above its cut-off', async () => {
    const dataset = await server.call('POST', '/v2/datasets', {
      body: { name: 'Tickets', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [id] },
    });
    expect(dataset.status).toBe(201);
    const text = `${unseen.billing![2]} ${unseen.refund![2]}`;
    const pushed = await server.call('POST', `/v2/datasets/${dataset.body.key}/records`, { body: { text } });
    expect(pushed.status).toBe(201);
    let record: any;
    for (let i = 0; i < 200; i += 1) {
      record = (await server.call('GET', `/v2/datasets/${dataset.body.key}/records`)).body.data[0];
      if (record.classifications) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const c = record.classifications[String(id)];
    expect(c.labels).toEqual(expect.arrayContaining(['billing', 'refund']));
    expect(c.label).toBe(c.labels[0]);
  });
});

describe('multi-label models from a dataset and zero-shot', () => {
  it('read a dataset label column holding several labels separated by |', async () => {
    const dataset = await server.call('POST', '/v2/datasets', {
      body: {
        name: 'Labelled tickets',
        columns: [
          { name: 'text', type: 'text' },
          { name: 'intents', type: 'text' },
        ],
        text_column: 'text',
      },
    });
    const rows = [
      { text: 'I was charged twice and want my money back', intents: 'billing|refund' },
      { text: 'Where is my parcel?', intents: 'shipping' },
      { text: 'Lovely team', intents: 'praise|weather' },
    ];
    expect((await server.call('POST', `/v2/dataset/${dataset.body.id}/item`, { body: { rows } })).status).toBe(200);
    const model = await createModel({ name: 'From a labelled dataset', type: 'fine-tuned', multi_label: true });
    const added = await server.call('POST', `/v2/models/${model.body.id}/examples`, {
      body: { dataset_id: dataset.body.key, label_column: 'intents' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The row naming a label the model lacks is left out.
    expect(added.body.added).toBe(2);
    expect(added.body.examples_per_label).toEqual({ billing: 1, refund: 1, shipping: 1 });
  });

  it('few-shot: created with examples of several labels, trains by itself and serves independent scores', async () => {
    const examples = [
      ...LABELS.flatMap((label) => train[label]!.slice(0, 3).map((text) => ({ text, labels: [label] }))),
      ...PAIRS.map(([a, b], i) => ({ text: `${train[a]![i]} ${train[b]![i]}`, labels: [a, b] })),
    ];
    const res = await createModel({ name: 'Few-shot intents, several', type: 'few-shot', multi_label: true, examples });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.training_job).toMatchObject({ status: 'queued' });
    const job = await finished(server, res.body.id, res.body.training_job.id, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', version: 1 });
    expect((await server.call('POST', `/v2/models/${res.body.id}/deploy`)).status).toBe(200);
    const out = await server.call('POST', `/v2/models/${res.body.id}/inference`, {
      body: { texts: [unseen.shipping![0]] },
    });
    expect(out.status).toBe(200);
    expect(out.body.predictions[0]).toHaveLength(4);
    expect((await server.call('GET', `/v2/models/${res.body.id}`)).body).toMatchObject({
      multi_label: true,
      training_examples: examples.length,
    });
  });

  it('zero-shot: independent scores per label, the best label above its cut-off', async () => {
    const res = await server.call('POST', '/v2/models', {
      body: {
        name: 'Zero-shot intents, several',
        type: 'zero-shot',
        multi_label: true,
        labels: [
          { name: 'billing', descriptions: ['a question about an invoice, a charge or a payment'] },
          { name: 'shipping', descriptions: ['a parcel or delivery that is late or lost'] },
          { name: 'praise', descriptions: ['thanks and compliments for great service'] },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      multi_label: true,
      multi_label_cutoffs: { billing: 0.5, shipping: 0.5, praise: 0.5 },
    });
    await server.call('POST', `/v2/models/${res.body.id}/deploy`);
    const out = await server.call('POST', `/v2/models/${res.body.id}/inference`, {
      body: { texts: [unseen.shipping![0]] },
    });
    expect(out.status).toBe(200);
    const row = out.body.predictions[0];
    expect(row).toHaveLength(3);
    expect(row[0].label).toBe('shipping');
    expect(row[0].confidence).toBeGreaterThan(0.5);
    expect(Math.abs(row.reduce((a: number, p: any) => a + p.confidence, 0) - 1)).toBeGreaterThan(0.01);

    // Evaluated on a labelled set, it calibrates each label's cut-off on it (metrics cross-fitted over 3 folds).
    const three = ['billing', 'shipping', 'praise'];
    const examples = [
      ...three.flatMap((label) => unseen[label]!.map((text) => ({ text, labels: [label] }))),
      ...unseen.billing!.map((text, i) => ({
        text: `${text} ${unseen.shipping![i]}`,
        labels: ['billing', 'shipping'],
      })),
    ];
    const evaluated = await server.call('POST', `/v2/models/${res.body.id}/evaluations`, { body: { examples } });
    expect(evaluated.status, JSON.stringify(evaluated.body)).toBe(200);
    expect(evaluated.body).toMatchObject({ evaluated_on: examples.length, measured_on: 'out-of-fold', folds: 3 });
    expect(evaluated.body.f1_micro).toBeGreaterThan(0);
    const calibrated = (await server.call('GET', `/v2/models/${res.body.id}`)).body;
    expect(calibrated.metrics).toEqual(evaluated.body);
    const cutoffs = Object.values<number>(calibrated.multi_label_cutoffs);
    expect(cutoffs).toHaveLength(3);
    expect(cutoffs.some((c) => c !== 0.5)).toBe(true);
    for (const c of cutoffs) expect(c >= 0 && c <= 1).toBe(true);

    // New label texts move every score: the cut-offs fitted for the old ones are not carried into the new version.
    const changed = await server.call('PATCH', `/v2/models/${res.body.id}`, {
      body: { labels: [{ name: 'praise', descriptions: ['a happy customer thanking the team'] }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.multi_label_cutoffs).toEqual({ billing: 0.5, shipping: 0.5, praise: 0.5 });
    expect(changed.body.metrics.calibration_not_fitted.reason).toMatch(
      /^the label texts changed: the per-label cut-offs/,
    );
  });
});
