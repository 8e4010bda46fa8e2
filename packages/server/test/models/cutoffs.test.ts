// Per-label cut-offs on the real server: a fine-tuned model with target_precision 0.9 fits them at training, shows them, decides each text by them at inference, and marks dataset records under them for review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { eventually } from '../testing/webhook-receiver.js';
import { csvOf, finished, labelledSet } from './support.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ pipelinePollMs: 20 }); }, 120_000);
afterAll(async () => { await server?.close(); });

const sentiment = labelledSet('sentiment').filter((r) => r.lang === 'en');
const labels = ['positive', 'negative', 'neutral'];
// Strong texts of each polarity and a few lukewarm ones, so that some clear their cut-off and some do not.
const probes = [
  'I love it, fantastic service and a great product',
  'Terrible, it broke after one day and nobody answers',
  'Absolutely wonderful, the best purchase I have made this year',
  'Awful experience, I want my money back',
  'The parcel arrived on Tuesday',
  'It is okay I guess',
  'I changed my address last week',
  'Not sure what to think about the new plan',
];

/** A decision as the contract defines it: the top label over all labels, its cut-off, and whether it clears it. */
function expectConsistent(decision: any, top: { label: string; confidence: number }, thresholds: Record<string, number>) {
  expect(decision).toEqual({
    label: top.label,
    confidence: top.confidence,
    threshold: thresholds[top.label],
    decided: thresholds[top.label]! < 1 && top.confidence >= thresholds[top.label]!,
  });
}

describe('per-label cut-offs fitted to a target precision', () => {
  let id: number;
  let model: any;

  it('refuses cut-offs of unknown labels, out of range, and a target on a kind that is not trained, naming the field', async () => {
    const base = { type: 'fine-tuned', labels: labels.map((name) => ({ name })) };
    const unknown = await server.call('POST', '/v2/models', { body: { ...base, name: 'x1', label_thresholds: { positive: 0.7, mixed: 0.5 } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/label_thresholds.*"mixed"/);
    const range = await server.call('POST', '/v2/models', { body: { ...base, name: 'x2', label_thresholds: { positive: 1.5 } } });
    expect(range.status).toBe(400);
    expect(range.body.message).toMatch(/label_thresholds/);
    const target = await server.call('POST', '/v2/models', { body: { ...base, name: 'x3', target_precision: 0.3 } });
    expect(target.status).toBe(400);
    expect(target.body.message).toMatch(/target_precision/);
    const zeroShot = await server.call('POST', '/v2/models', { body: { ...base, type: 'zero-shot', name: 'x4', target_precision: 0.9 } });
    expect(zeroShot.status).toBe(400);
    expect(zeroShot.body.message).toMatch(/target_precision/);
  });

  it('creates a fine-tuned model with target_precision 0.9 and one cut-off of its own', async () => {
    const res = await server.call('POST', '/v2/models', {
      body: {
        name: 'Sentiment with cut-offs',
        type: 'fine-tuned',
        labels: labels.map((name) => ({ name })),
        confidence_threshold: 0.5,
        target_precision: 0.9,
        label_thresholds: { neutral: 0.99 },
      },
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    // Before any training: the set cut-off, else confidence_threshold.
    expect(res.body).toMatchObject({ target_precision: 0.9, label_thresholds: { positive: 0.5, negative: 0.5, neutral: 0.99 } });
    const added = await server.call('POST', `/v2/models/${id}/examples`, { raw: csvOf(sentiment), headers: { 'Content-Type': 'text/csv' } });
    expect(added.status).toBe(201);
    expect((await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { target_precision: 1.2 } })).status).toBe(400);
  });

  it('fits a cut-off per label at training and reports expected precision and coverage', async () => {
    const started = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 7, deploy: true } });
    expect(started.status).toBe(202);
    const job = await finished(server, id, started.body.id, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', version: 1 });
    model = (await server.call('GET', `/v2/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'deployed', target_precision: 0.9 });
    const { cutoffs, cutoff_summary: summary } = model.metrics;
    expect(Object.keys(cutoffs).sort()).toEqual([...labels].sort());
    for (const label of labels) {
      const cut = cutoffs[label];
      expect(cut.threshold).toBeGreaterThanOrEqual(0);
      expect(cut.threshold).toBeLessThanOrEqual(1);
      expect(cut.coverage).toBeGreaterThanOrEqual(0);
      // Met by the label's own out-of-fold texts or by all labels' together: a cut-off that decides.
      if (cut.target_met) expect(cut.threshold).toBeLessThan(1);
      else expect(cut).toMatchObject({ threshold: 1, coverage: 0, expected_precision: null });
    }
    // Fitted on the training part's out-of-fold predictions: the held-out part never reaches them.
    expect(summary).toMatchObject({ target_precision: 0.9 });
    expect(summary.evaluated_on).toBe(sentiment.length - model.metrics.evaluated_on);
    // Fitted where nothing was set; the set one wins.
    expect(model.label_thresholds).toEqual({ positive: cutoffs.positive.threshold, negative: cutoffs.negative.threshold, neutral: 0.99 });
    // A polarity this easy reaches the target on the English set.
    expect(cutoffs.positive.target_met || cutoffs.negative.target_met).toBe(true);
    const versions = (await server.call('GET', `/v2/models/${id}/versions`)).body.data;
    expect(versions[0].metrics.cutoffs).toEqual(cutoffs);
  });

  it('adds a decision per text to every inference response, and leaves the predictions as they were', async () => {
    const thresholds: Record<string, number> = model.label_thresholds;
    const full = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: probes } });
    expect(full.status).toBe(200);
    expect(full.body.decisions).toHaveLength(probes.length);
    full.body.predictions.forEach((row: any[], i: number) => {
      expect(row).toHaveLength(3);
      expectConsistent(full.body.decisions[i], row[0], thresholds);
    });
    const decided = full.body.decisions.map((d: any) => d.decided);
    expect(decided).toContain(true);
    expect(decided).toContain(false);
    // Filters shape the predictions only: the decision is still about the top label over all labels.
    const filtered = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: probes, label_filter: ['neutral'], max_predictions: 1 } });
    expect(filtered.body.decisions).toEqual(full.body.decisions);
    expect(filtered.body.predictions.every((row: any[]) => row.length === 1 && row[0].label === 'neutral')).toBe(true);
    // Both multi-model variants carry the same decisions.
    const variantB = await server.call('POST', '/v2/models/inference', { body: { texts: probes, model_settings: [{ model_id: id, max_predictions: 1 }] } });
    expect(variantB.status).toBe(200);
    expect(variantB.body.results[0].decisions).toEqual(full.body.decisions);
    const variantA = await server.call('POST', '/v2/multi-model/inference', { body: { texts: probes, model_ids: [id] } });
    expect(variantA.status).toBe(200);
    expect(variantA.body.results[String(id)]).toEqual({ predictions: full.body.predictions, decisions: full.body.decisions });
  });

  it('keeps the fitted cut-offs through an evaluation of the version', async () => {
    const evaluated = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: sentiment.slice(0, 12).map(({ text, label }) => ({ text, label })) } });
    expect(evaluated.status).toBe(200);
    const after = (await server.call('GET', `/v2/models/${id}`)).body;
    // The training's held-out metrics stay the version's; the evaluation joins its history with the cut-offs kept.
    expect(after.metrics).toEqual(model.metrics);
    const [evaluation] = (await server.call('GET', `/v2/models/${id}/evaluations`)).body.data;
    expect(evaluation.metrics.evaluated_on).toBe(12);
    expect(evaluation.metrics.cutoffs).toEqual(model.metrics.cutoffs);
    expect(after.label_thresholds).toEqual(model.label_thresholds);
  });

  it('marks a dataset record whose top label is under its cut-off for review, and not one above it', async () => {
    const dataset = await server.call('POST', '/v2/datasets', {
      body: { name: 'cut-off stream', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [id] },
    });
    expect(dataset.status).toBe(201);
    const pushed = [];
    for (const text of probes) pushed.push((await server.call('POST', `/v2/datasets/${dataset.body.key}/records`, { body: { text } })).body.id);
    const records = await eventually(async () => {
      const page = await server.call('GET', `/v2/datasets/${dataset.body.key}/records?limit=100`);
      return page.body.data.every((r: any) => r.classifications !== null) && page.body.data.length === probes.length ? page.body.data : undefined;
    }, 'every record to be classified');
    const thresholds: Record<string, number> = model.label_thresholds;
    const marks = { under: 0, above: 0 };
    for (const record of records) {
      const { label, confidence } = record.classifications[String(id)];
      const clears = thresholds[label]! < 1 && confidence >= thresholds[label]!;
      expect(record.needs_review).toEqual(clears ? [] : [String(id)]);
      marks[clears ? 'above' : 'under'] += 1;
    }
    expect(marks.under).toBeGreaterThan(0);
    expect(marks.above).toBeGreaterThan(0);
    expect(pushed).toHaveLength(probes.length);
  });
});
