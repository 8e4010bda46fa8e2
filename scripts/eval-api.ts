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
import { startBenchServer, BENCH_API_KEY } from './bench-inference/textclass-server.js';
import {
  accuracyOf,
  calibrationErrorOf,
  decisionsOf,
  judge,
  splitByCell,
  type Answer,
  type LabelledRow,
  type Target,
} from './lib/api-eval.js';

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
/** The language groups the zero-shot evaluation reports (eval-zero-shot.ts). */
const GROUPS: Record<string, string[]> = {
  en: ['en'],
  'de fr es it pt nl': ['de', 'fr', 'es', 'it', 'pt', 'nl'],
  'pl ru sv tr': ['pl', 'ru', 'sv', 'tr'],
  'ja zh': ['ja', 'zh'],
};

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

/** Runs `work` over the items, `width` at a time, results in the items' order. */
async function pooled<I, O>(items: readonly I[], width: number, work: (item: I) => Promise<O>): Promise<O[]> {
  const out = new Array<O>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as I);
      }
    }),
  );
  return out;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

interface Prediction {
  label: string;
  confidence: number;
}
interface Decision {
  decided: boolean;
}

/** The held-out rows as the deployed model answers them (8 texts a request, the contract's limit). */
async function answersOf(modelId: number, rows: readonly LabelledRow[]): Promise<Answer[]> {
  const parts = await pooled(chunks(rows, 8), 4, async (part) => {
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
  return parts.flat();
}

/** /v2/embeddings of the texts (the default encoder, unit length), 200 a request. */
async function embeddingsOf(rows: readonly LabelledRow[]): Promise<Float32Array[]> {
  const parts = await pooled(chunks(rows, 200), 2, async (part) => {
    const res = await call<{ embeddings: number[][] }>('POST', '/v2/embeddings', { texts: part.map((r) => r.text) });
    return res.embeddings.map((v) => Float32Array.from(v));
  });
  return parts.flat();
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

const f3 = (x: number | null) => (x === null ? '—' : x.toFixed(3));
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

interface SetResult {
  set: string;
  served: Answer[];
  reference: Answer[];
  zeroShot: Answer[];
  trainingSeconds: number[];
  labels: string[];
  /** Examples a training job got (the same in every split). */
  examples: number;
}

/** Mean of a per-group accuracy over answers pooled across splits. */
function groupAccuracy(answers: readonly Answer[], labels: string[], langs: string[]): number | null {
  const kept = answers.filter((a) => langs.includes(a.lang));
  return kept.length === 0 ? null : accuracyOf(kept, labels).all;
}

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
  log(
    '| set | served | reference | served − reference | worst language group | ECE | decided precision / coverage at 0.9 | zero-shot | training s |',
  );
  log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const served = accuracyOf(r.served, r.labels).all;
    const reference = accuracyOf(r.reference, r.labels).all;
    const groups = Object.entries(GROUPS).map(([g, langs]) => {
      const s = groupAccuracy(r.served, r.labels, langs);
      const ref = groupAccuracy(r.reference, r.labels, langs);
      return { g, diff: s === null || ref === null ? 0 : s - ref };
    });
    const worst = groups.reduce((a, b) => (b.diff < a.diff ? b : a));
    const d = decisionsOf(r.served, r.labels);
    log(
      `| ${r.set} | ${f3(served)} | ${f3(reference)} | ${(served - reference >= 0 ? '+' : '') + (served - reference).toFixed(3)} | ${worst.g} ${worst.diff.toFixed(3)} | ${f3(calibrationErrorOf(r.served, r.labels))} | ${f3(d.precision)} / ${f3(d.coverage)} | ${f3(accuracyOf(r.zeroShot, r.labels).all)} | ${r.trainingSeconds.map((s) => s.toFixed(1)).join(', ')} |`,
    );
  }
  for (const r of results) {
    const served = accuracyOf(r.served, r.labels);
    const reference = accuracyOf(r.reference, r.labels);
    const langs = [...served.byLang.keys()];
    log();
    log(`**${r.set}** per language (served / reference; decided at 0.9 per predicted label below)`);
    log();
    log(`| | ${langs.join(' | ')} | all |`);
    log(`|---|${langs.map(() => '---|').join('')}---|`);
    log(`| served | ${langs.map((l) => f3(served.byLang.get(l) ?? null)).join(' | ')} | ${f3(served.all)} |`);
    log(`| reference | ${langs.map((l) => f3(reference.byLang.get(l) ?? null)).join(' | ')} | ${f3(reference.all)} |`);
    log();
    const d = decisionsOf(r.served, r.labels);
    log(`| label | decided | coverage | precision |`);
    log(`|---|---|---|---|`);
    for (const [label, x] of d.byLabel) log(`| ${label} | ${x.decided} | ${f3(x.coverage)} | ${f3(x.precision)} |`);
  }

  const [intents, sentiment] = results as [SetResult, SetResult];
  const worstGroup = (r: SetResult) =>
    Math.min(
      ...Object.values(GROUPS).map((langs) => {
        const s = groupAccuracy(r.served, r.labels, langs);
        const ref = groupAccuracy(r.reference, r.labels, langs);
        return s === null || ref === null ? 0 : s - ref;
      }),
    );
  const intentsDecisions = decisionsOf(intents.served, intents.labels);
  const targets: Target[] = [
    {
      name: 'fine-tuned intents ≥ 0.83',
      measured: accuracyOf(intents.served, intents.labels).all,
      bound: 0.83,
      direction: 'min',
    },
    {
      name: 'fine-tuned sentiment ≥ 0.90',
      measured: accuracyOf(sentiment.served, sentiment.labels).all,
      bound: 0.9,
      direction: 'min',
    },
    ...results.map((r) => ({
      name: `${r.set}: served ≥ reference − 0.01 in every language group`,
      measured: worstGroup(r),
      bound: -0.01,
      direction: 'min' as const,
    })),
    ...results.map((r) => ({
      name: `${r.set}: ECE ≤ 0.05`,
      measured: calibrationErrorOf(r.served, r.labels),
      bound: 0.05,
      direction: 'max' as const,
    })),
    {
      name: 'intents at target 0.9: decided precision ≥ 0.87',
      measured: intentsDecisions.precision,
      bound: 0.87,
      direction: 'min',
    },
    {
      name: 'intents at target 0.9: coverage ≥ 0.65',
      measured: intentsDecisions.coverage,
      bound: 0.65,
      direction: 'min',
    },
    {
      name: 'demo Sentiment zero-shot ≥ 0.70 (every sentiment text)',
      measured: accuracyOf(demoAnswers, sentiment.labels).all,
      bound: 0.7,
      direction: 'min',
    },
    ...results.map((r) => ({
      name: `${r.set}: training under 30 s (slowest split, ${r.examples} examples)`,
      measured: Math.max(...r.trainingSeconds),
      bound: 30,
      direction: 'max' as const,
    })),
  ];
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
