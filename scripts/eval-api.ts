// npm run eval:api: the answers-you-can-act-on targets measured from outside, through the HTTP API of the built server, as a user's held-out check runs them.
// Usage: tsx scripts/eval-api.ts [--sets DIR] [--splits N] [--holdout F] [--training-holdout F] [--json FILE]
// For each set and split: 70/30 per language and label (seeded); a fine-tuned model with target_precision 0.9 gets the
// 70 % as examples and trains with the defaults; its held-out texts are classified through /v2/models/{id}/inference;
// the reference is a full-batch L2 logistic regression (L2 by cross-validation) fitted here on the same texts'
// /v2/embeddings. Zero-shot: the demo Sentiment model on every sentiment text, and a zero-shot model of the set's
// own label descriptions on the held-out texts. Prints each target as met or missed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fitHead, logitRows, softmaxAt } from '@textclass/server/core';
import { MAX_TEXTS_PER_REQUEST, mapWithConcurrency, planChunks } from '@textclass/client';
import { startBenchServer, BENCH_API_KEY } from './bench-inference/textclass-server.js';
import { accuracyOf, calibrationErrorOf, judge, splitByCell, type Answer, type LabelledRow } from './lib/api-eval.js';
import { reportLines, targetsOf, type SetResult } from './lib/api-eval-report.js';

const { values } = parseArgs({
  options: {
    sets: { type: 'string' },
    splits: { type: 'string' },
    holdout: { type: 'string' },
    'training-holdout': { type: 'string' },
    json: { type: 'string' },
  },
});
const setsDir = resolve(values.sets ?? 'eval/sets');
const splits = Number(values.splits ?? 1);
const holdout = Number(values.holdout ?? 0.3);
/** The training job's own `holdout_fraction` (absent: the API's default, 0.2). */
const trainingHoldout = values['training-holdout'] === undefined ? undefined : Number(values['training-holdout']);
const log = (line = '') => process.stdout.write(`${line}\n`);

interface LabelSpec {
  name: string;
  [key: string]: unknown;
}

const readRows = (name: string): LabelledRow[] =>
  readFileSync(join(setsDir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelledRow);
const readLabels = (name: string): LabelSpec[] =>
  JSON.parse(readFileSync(join(setsDir, `${name}.labels.json`), 'utf8')) as LabelSpec[];

const server = await startBenchServer({ TEXTCLASS_EMBEDDING_CACHE_MB: '0' });
const call = async <T>(method: string, route: string, body?: unknown, expected = 200): Promise<T> => {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T;
  if (res.status !== expected) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};

/** `rows` in request-sized parts (in order), `width` requests at a time, answers flattened in the rows' order. */
async function inParts<O>(
  rows: readonly LabelledRow[],
  size: number,
  width: number,
  ask: (part: LabelledRow[]) => Promise<O[]>,
): Promise<O[]> {
  const parts = planChunks(
    rows.map((r) => r.text),
    size,
  ).map((indices) => indices.map((i) => rows[i] as LabelledRow));
  return (await mapWithConcurrency(parts, width, ask)).flat();
}

interface Prediction {
  label: string;
  confidence: number;
}
interface Decision {
  decided: boolean;
}

/** The held-out rows as the deployed model answers them (8 texts a request, the contract's limit). */
async function answersOf(modelId: number, rows: readonly LabelledRow[]): Promise<Answer[]> {
  return inParts(rows, MAX_TEXTS_PER_REQUEST, 4, async (part) => {
    const res = await call<{ predictions: Prediction[][]; decisions?: Decision[] }>(
      'POST',
      `/v2/models/${modelId}/inference`,
      { texts: part.map((r) => r.text) },
    );
    return part.map((r, i) => ({
      gold: r.label,
      lang: r.lang,
      confidences: Object.fromEntries((res.predictions[i] ?? []).map((p) => [p.label, p.confidence])),
      ...(res.decisions ? { decided: (res.decisions[i] as Decision).decided } : {}),
    }));
  });
}

/** /v2/embeddings of the texts (the default encoder, unit length), 200 a request. */
async function embeddingsOf(rows: readonly LabelledRow[]): Promise<Float32Array[]> {
  return inParts(rows, 200, 2, async (part) => {
    const res = await call<{ embeddings: number[][] }>('POST', '/v2/embeddings', { texts: part.map((r) => r.text) });
    return res.embeddings.map((v) => Float32Array.from(v));
  });
}

/** The reference: L2 logistic regression on the API's embeddings, L2 by 5-fold cross-validation, temperature-scaled. */
async function referenceAnswers(
  train: LabelledRow[],
  test: LabelledRow[],
  labels: string[],
  seed: number,
): Promise<Answer[]> {
  const [trainVectors, testVectors] = [await embeddingsOf(train), await embeddingsOf(test)];
  const fitted = await fitHead(
    train.map((r, i) => ({ embedding: trainVectors[i] as Float32Array, label: labels.indexOf(r.label) })),
    labels,
    { kind: 'fine-tuned', features: 'text', holdoutFraction: 0, seed, train: { architecture: 'linear' } },
  );
  return logitRows(fitted.parameters, testVectors).map((row, i) => {
    const p = softmaxAt(row, 1);
    const r = test[i] as LabelledRow;
    return { gold: r.label, lang: r.lang, confidences: Object.fromEntries(labels.map((l, k) => [l, p[k] ?? 0])) };
  });
}

interface TrainingJob {
  id: string;
  status: string;
  error: unknown;
  started_at: string | null;
  finished_at: string | null;
}

/** Creates a fine-tuned model, adds the examples, trains it with the defaults and deploys it; the job's own seconds. */
async function trainedModel(name: string, labels: string[], train: LabelledRow[], seed: number) {
  const model = await call<{ id: number }>(
    'POST',
    '/v2/models',
    { name, type: 'fine-tuned', labels: labels.map((l) => ({ name: l })), target_precision: 0.9 },
    201,
  );
  await call(
    'POST',
    `/v2/models/${model.id}/examples`,
    { examples: train.map(({ text, label }) => ({ text, label })) },
    201,
  );
  const started = await call<TrainingJob>(
    'POST',
    `/v2/models/${model.id}/training-jobs`,
    {
      seed,
      deploy: true,
      ...(trainingHoldout === undefined ? {} : { holdout_fraction: trainingHoldout }),
    },
    202,
  );
  for (;;) {
    const job = await call<TrainingJob>('GET', `/v2/models/${model.id}/training-jobs/${started.id}`);
    if (job.status === 'failed') throw new Error(`training ${name} failed: ${JSON.stringify(job.error)}`);
    if (job.status === 'succeeded') {
      const seconds = (Date.parse(job.finished_at ?? '') - Date.parse(job.started_at ?? '')) / 1000;
      const exported = await call<{ model: { config: { head?: { recipe?: string; features?: string } } } }>(
        'GET',
        `/v2/models/${model.id}/export`,
      );
      const head = exported.model.config.head;
      return { id: model.id, seconds, recipe: `${head?.recipe ?? '?'}, ${head?.features ?? 'text'}` };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A zero-shot model of the labels, deployed. */
async function zeroShotModel(name: string, labels: LabelSpec[]): Promise<number> {
  const model = await call<{ id: number }>('POST', '/v2/models', { name, type: 'zero-shot', labels }, 201);
  await call('POST', `/v2/models/${model.id}/deploy`);
  return model.id;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

const results: SetResult[] = [];
try {
  for (const set of ['support-intents', 'sentiment']) {
    const rows = readRows(set);
    const specs = readLabels(set);
    const labels = specs.map((s) => s.name);
    const result: SetResult = {
      set,
      served: [],
      reference: [],
      zeroShot: [],
      trainingSeconds: [],
      labels,
      examples: 0,
    };
    const zeroShotId = await zeroShotModel(`${set} zero-shot`, specs);
    for (let seed = 1; seed <= splits; seed += 1) {
      const { train, test } = splitByCell(rows, holdout, seed);
      const model = await trainedModel(`${set} ${seed}`, labels, train, seed);
      result.trainingSeconds.push(model.seconds);
      result.examples = train.length;
      result.served.push(...(await answersOf(model.id, test)));
      result.reference.push(...(await referenceAnswers(train, test, labels, seed)));
      result.zeroShot.push(...(await answersOf(zeroShotId, test)));
      log(
        `${set}, split ${seed}: ${train.length} examples, ${test.length} held out, trained in ${model.seconds.toFixed(1)} s (${model.recipe})`,
      );
    }
    results.push(result);
  }
  const models = await call<{ data: Array<{ id: number; name: string }> }>('GET', '/v2/models?limit=100');
  const demo = models.data.find((m) => m.name === 'Sentiment');
  if (!demo) throw new Error('the demo Sentiment model is missing');
  const demoAnswers = await answersOf(demo.id, readRows('sentiment'));

  log();
  const trainingNote = trainingHoldout === undefined ? '' : `, training jobs with holdout_fraction ${trainingHoldout}`;
  log(
    `Through the API (${splits} split${splits > 1 ? 's' : ''}, ${holdout * 100} % held out per language and label${trainingNote}):`,
  );
  log();
  for (const line of reportLines(results)) log(line);
  const [intents, sentiment] = results as [SetResult, SetResult];
  const targets = targetsOf(intents, sentiment, demoAnswers);
  log();
  for (const t of targets)
    log(`${judge(t)}: ${t.name} (measured ${t.measured === null ? '—' : t.measured.toFixed(3)})`);
  if (values.json)
    writeFileSync(
      values.json,
      `${JSON.stringify(
        {
          splits,
          holdout,
          training_holdout: trainingHoldout ?? null,
          sets: results.map((r) => ({
            set: r.set,
            served: accuracyOf(r.served, r.labels).all,
            reference: accuracyOf(r.reference, r.labels).all,
            zero_shot: accuracyOf(r.zeroShot, r.labels).all,
            ece: calibrationErrorOf(r.served, r.labels),
            training_seconds: r.trainingSeconds,
            mean_training_seconds: mean(r.trainingSeconds),
          })),
          targets: targets.map((t) => ({ ...t, verdict: judge(t) })),
        },
        null,
        2,
      )}\n`,
    );
} finally {
  await server.stop();
}
