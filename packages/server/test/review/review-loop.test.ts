// The review loop end to end on the real server and the default encoder: a model trained on a small seed set classifies a held-out stream, the 30 least confident records of its review queue are answered with their true labels, and the retrained model labels them as the reviewer did and is more accurate on a fixed set it never saw.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { finished } from '../models/support.js';

interface Labelled {
  text: string;
  label: string;
}

// eval/dev, never eval/sets: the development set is the one tuning may look at.
const devFile = (name: string) => fileURLToPath(new URL(`../../../../eval/dev/${name}`, import.meta.url));
const rows = readFileSync(devFile('support-intents.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const { text, label } = JSON.parse(l) as Labelled;
    return { text, label };
  });
const labels = (
  JSON.parse(readFileSync(devFile('support-intents.labels.json'), 'utf8')) as Array<{ name: string }>
).map((l) => l.name);

/**
 * Per label, in file order: every SEED_STRIDE-th text is a seed example (the file holds each label's texts two a
 * language, so the seed is one text in each of English, Spanish, Polish and Chinese), then the rest dealt alternately
 * to the stream and to the fixed test set.
 */
function split(): { seed: Labelled[]; stream: Labelled[]; fixed: Labelled[] } {
  const parts = { seed: [] as Labelled[], stream: [] as Labelled[], fixed: [] as Labelled[] };
  for (const label of labels) {
    const mine = rows.filter((r) => r.label === label);
    const isSeed = (i: number) => i % SEED_STRIDE === 0 && i / SEED_STRIDE < SEED_PER_LABEL;
    parts.seed.push(...mine.filter((_, i) => isSeed(i)));
    mine.filter((_, i) => !isSeed(i)).forEach((r, i) => (i % 2 === 0 ? parts.stream : parts.fixed).push(r));
  }
  return parts;
}

/** 4 seed examples per label, 7 texts apart in the file (four languages). */
const SEED_PER_LABEL = 4;
const SEED_STRIDE = 7;
const REVIEWED = 30;
const TRAINING = { seed: 11, holdout_fraction: 0, deploy: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function ok(method: string, route: string, body?: unknown, status = 200): Promise<any> {
  const res = await server.call(method, route, { body });
  if (res.status !== status) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function train(modelId: number): Promise<number> {
  const job = await ok('POST', `/v2/models/${modelId}/training-jobs`, TRAINING, 202);
  const done = await finished(server, modelId, job.id, 120_000);
  if (done.status !== 'succeeded') throw new Error(`training failed: ${done.error}`);
  return done.version;
}

/** Top-1 accuracy of the deployed model on a labelled set (8 texts per request). */
async function accuracy(modelId: number, set: Labelled[]): Promise<number> {
  let right = 0;
  for (let start = 0; start < set.length; start += 8) {
    const batch = set.slice(start, start + 8);
    const res = await ok('POST', `/v2/models/${modelId}/inference`, {
      texts: batch.map((r) => r.text),
      max_predictions: 1,
    });
    res.predictions.forEach((p: Array<{ label: string }>, i: number) => {
      if (p[0]?.label === batch[i]!.label) right += 1;
    });
  }
  return right / set.length;
}

async function allClassified(datasetKey: string, count: number): Promise<any[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const records: any[] = [];
    for (let offset = 0; offset < count; offset += 100)
      records.push(...(await ok('GET', `/v2/datasets/${datasetKey}/records?offset=${offset}&limit=100`)).data);
    if (records.length === count && records.every((r) => r.classifications !== null)) return records;
    if (Date.now() > deadline) throw new Error('the stream was not classified in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the review loop', () => {
  const { seed, stream, fixed } = split();

  it('answering the 30 least confident records of a held-out stream and retraining raises accuracy on a fixed set', async () => {
    expect([seed.length, stream.length, fixed.length]).toEqual([32, 88, 88]);
    const model = await ok(
      'POST',
      '/v2/models',
      { name: 'review loop', type: 'fine-tuned', labels: labels.map((name) => ({ name })), confidence_threshold: 0.9 },
      201,
    );
    await ok('POST', `/v2/models/${model.id}/examples`, { examples: seed }, 201);
    await train(model.id);
    const before = await accuracy(model.id, fixed);

    // The stream: rows of a dataset the model classifies; `intent` holds the truth a reviewer would give.
    const dataset = await ok(
      'POST',
      '/v2/datasets',
      {
        name: 'held-out stream',
        columns: [
          { name: 'text', type: 'text' },
          { name: 'intent', type: 'text' },
        ],
        text_column: 'text',
        model_ids: [model.id],
      },
      201,
    );
    for (let start = 0; start < stream.length; start += 8)
      await ok('POST', `/v2/dataset/${dataset.id}/item`, {
        rows: stream.slice(start, start + 8).map((r) => ({ text: r.text, intent: r.label })),
      });
    const records = await allClassified(dataset.id, stream.length);
    const flagged = records.filter((r) => r.needs_review.includes(String(model.id)));
    expect(flagged.length).toBeGreaterThanOrEqual(REVIEWED);

    const queue = await ok('GET', `/v2/models/${model.id}/review?limit=${REVIEWED}&dataset_id=${dataset.id}`);
    expect(queue.total).toBe(flagged.length);
    expect(queue.data).toHaveLength(REVIEWED);
    const confidences = queue.data.map((item: any) => item.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b));
    // The least confident of all flagged records, each as its record was classified.
    const byId = new Map(records.map((r) => [r.id, r]));
    const lowest = flagged.map((r) => r.classifications[model.id].confidence).sort((a: number, b: number) => a - b);
    expect(confidences).toEqual(lowest.slice(0, REVIEWED));
    for (const item of queue.data) {
      const record = byId.get(item.record_id);
      expect(item).toMatchObject({ dataset_id: `ds_${dataset.id}`, text: record.values.text, values: record.values });
      expect(item.predictions[0]).toEqual(record.classifications[model.id]);
      expect(item.label).toBe(record.classifications[model.id].label);
      expect(Date.parse(item.classified_at)).toBeGreaterThanOrEqual(Date.parse(record.created_at));
    }

    // Retraining without the answers changes nothing (the training is seeded): what changes below is the answers' doing.
    await train(model.id);
    expect(await accuracy(model.id, fixed)).toBe(before);

    for (const item of queue.data) {
      const answer = await ok('POST', `/v2/models/${model.id}/review/${item.record_id}`, { label: item.values.intent });
      expect(answer).toEqual({
        model_id: model.id,
        record_id: item.record_id,
        dataset_id: `ds_${dataset.id}`,
        label: item.values.intent,
        created: true,
      });
    }
    const after = await ok('GET', `/v2/models/${model.id}/review?limit=100&dataset_id=${dataset.id}`);
    expect(after.total).toBe(flagged.length - REVIEWED);
    const answered = new Set(queue.data.map((item: any) => item.record_id));
    expect(after.data.some((item: any) => answered.has(item.record_id))).toBe(false);

    const version = await train(model.id);
    const detail = await ok('GET', `/v2/models/${model.id}`);
    expect(detail).toMatchObject({ version, training_examples: seed.length + REVIEWED });
    const retrained = await accuracy(model.id, fixed);
    // The answered records themselves: how many of them the model labelled as the reviewer did, before and after.
    const answers = queue.data.map((item: any) => ({ text: item.text, label: item.values.intent }));
    const answeredBefore = queue.data.filter((item: any) => item.label === item.values.intent).length / REVIEWED;
    const answeredAfter = await accuracy(model.id, answers);
    console.log(
      `review loop: answered records ${(answeredBefore * 100).toFixed(1)} % → ${(answeredAfter * 100).toFixed(1)} %, fixed-set accuracy ${(before * 100).toFixed(1)} % → ${(retrained * 100).toFixed(1)} % after ${REVIEWED} answers (${flagged.length} of ${stream.length} flagged)`,
    );
    // The retrained model has learnt what the reviewer answered.
    expect(answeredAfter).toBeGreaterThanOrEqual(answeredBefore + 0.3);
    // And it reads texts it never saw better: at least five points more of the fixed set (one text is 1.1 points).
    expect(retrained).toBeGreaterThanOrEqual(before + 0.05);
    // Measured offline with the same head (dev/, the 30 least confident): this seed 77.3 % → 95.5 %; of 20 seeds of 4
    // texts a label drawn at random, 18 rose and two fell (mean 78.0 → 86.4 %). A seed of English and German texts
    // only (the file's first four) is the exception: it already reads the other languages at 80.7 % and in-language
    // additions lower that (the 30 least confident: 69.3 %).
  }, 600_000);
});
