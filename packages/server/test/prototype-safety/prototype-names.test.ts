// Property test on the built server: every Object.prototype name ("constructor", "__proto__", "hasOwnProperty" …) and a
// dictionary of ordinary words, alone and inside sentences of several languages, through every built-in encoder, every
// route that takes text, the dataset pipeline (records, items and a CSV upload, with such names as columns, metadata
// keys and labels) and models whose labels are those names: every answer 2xx (or a 4xx naming a field, never 5xx),
// every vector and confidence finite, every job finished, and no error in the server's log. Once, "constructor" in a
// text answered 500 on every inference route (a plain-object word table found Object).
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR } from '../../src/adapters/inference/registry/package-paths.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { chunks, hostileTexts, PROTOTYPE_NAMES } from './names.js';

const TEXTS = hostileTexts();
/** Most texts one classification request holds (the contract's Texts), and one embeddings request. */
const INFERENCE_TEXTS = 8;
const EMBEDDING_TEXTS = 200;
/** Requests in flight at once (the machine is small; the point is coverage, not load). */
const IN_FLIGHT = 4;

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({
    env: {
      // Every route embeds for itself (no cache hit hides an encoder's failure), and answers are checked against
      // the contract (a per_class that lost a label, say, is a 500 here).
      TEXTCLASS_EMBEDDING_CACHE_MB: '0',
      TEXTCLASS_VALIDATE_RESPONSES: 'true',
      TEXTCLASS_PIPELINE_POLL_MS: '50',
      LOG_LEVEL: 'warn',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  body: any;
}

async function api(method: string, route: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': contentType }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed };
}

/** The answer's body, after checking it is a 2xx. */
async function ok(method: string, route: string, body?: unknown, contentType?: string): Promise<any> {
  const answer = await api(method, route, body, contentType);
  expect(
    answer.status,
    `${method} ${route} ${JSON.stringify(body)?.slice(0, 300)} → ${JSON.stringify(answer.body)}`,
  ).toBeLessThan(300);
  return answer.body;
}

/** Runs `work` on every item, IN_FLIGHT at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** An object whose own keys are exactly these (a literal `{ __proto__: … }` would set the prototype instead). */
const own = (entries: Array<[string, unknown]>) => Object.fromEntries(entries);

function expectFiniteVectors(vectors: unknown, count: number, dimensions: number, where: string): void {
  expect(Array.isArray(vectors), where).toBe(true);
  expect((vectors as unknown[]).length, where).toBe(count);
  for (const vector of vectors as number[][]) {
    expect(vector.length, where).toBe(dimensions);
    expect(vector.every(Number.isFinite), where).toBe(true);
  }
}

function expectPredictions(predictions: unknown, texts: readonly string[], labels: ReadonlySet<string>): void {
  expect(Array.isArray(predictions)).toBe(true);
  expect((predictions as unknown[]).length).toBe(texts.length);
  (predictions as Array<Array<{ label: string; confidence?: number; score?: number }>>).forEach((row, i) => {
    const where = JSON.stringify(texts[i]);
    expect(row.length, where).toBeGreaterThan(0);
    for (const p of row) {
      expect(labels.has(p.label), `${where}: ${p.label}`).toBe(true);
      // `confidence` in a prediction, `score` in a scored one (/v2/models/inference).
      const value = p.confidence ?? p.score;
      expect(Number.isFinite(value) && (value as number) >= 0 && (value as number) <= 1, `${where}: ${value}`).toBe(
        true,
      );
    }
  });
}

/** A model's id and labels, as GET /v2/models/{id} shows them. */
async function modelOf(id: number): Promise<{ id: number; labels: Set<string> }> {
  const model = await ok('GET', `/v2/models/${id}`);
  return { id, labels: new Set(model.labels as string[]) };
}

/** The deployed models (the demo's), with their labels. */
async function deployedModels(): Promise<Array<{ id: number; labels: Set<string> }>> {
  const page = await ok('GET', '/v2/models?limit=100');
  const deployed = (page.data as Array<{ id: number; status: string }>).filter((m) => m.status === 'deployed');
  return Promise.all(deployed.map((m) => modelOf(m.id)));
}

/** Polls until `probe` gives a value; fails after `timeoutMs` (a stalled job, say). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Object.prototype names and ordinary words everywhere a text goes', () => {
  it('holds enough hostile texts to mean something', () => {
    expect(PROTOTYPE_NAMES).toEqual(
      expect.arrayContaining(['constructor', '__proto__', 'hasOwnProperty', 'prototype']),
    );
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(Object.getOwnPropertyNames(Object.prototype)));
    expect(TEXTS.length).toBeGreaterThan(500);
  });

  it('every built-in encoder embeds every text into finite vectors (/v2/embeddings)', async () => {
    const encoders = readdirSync(BUILTIN_ENCODERS_DIR).sort();
    expect(encoders).toEqual(
      expect.arrayContaining([
        'static-en-100d',
        'static-multi-100d',
        'use-lite-en-512',
        'use-lite-en-512-int8',
        'use-multi-612',
      ]),
    );
    for (const encoder of encoders) {
      await eachLimited(chunks(TEXTS, EMBEDDING_TEXTS), async (texts) => {
        const body = await ok('POST', '/v2/embeddings', { texts, encoder });
        expectFiniteVectors(body.embeddings, texts.length, body.dimensions, encoder);
      });
    }
  }, 240_000);

  it('/v1/embeddings embeds every text with the default encoder', async () => {
    await eachLimited(chunks(TEXTS, EMBEDDING_TEXTS), async (input) => {
      const body = await ok('POST', '/v1/embeddings', { model: 'default', input });
      expectFiniteVectors(
        (body.data as Array<{ embedding: number[] }>).map((d) => d.embedding),
        input.length,
        (body.data[0].embedding as number[]).length,
        'v1',
      );
    });
  }, 120_000);

  it('every inference route classifies every text with the deployed models', async () => {
    const models = await deployedModels();
    expect(models.length).toBeGreaterThanOrEqual(2);
    const [first, second] = models as [(typeof models)[0], (typeof models)[0]];
    await eachLimited(chunks(TEXTS, INFERENCE_TEXTS), async (texts) => {
      const single = await ok('POST', `/v2/models/${first.id}/inference`, { texts });
      expectPredictions(single.predictions, texts, first.labels);
      const settings = await ok('POST', '/v2/models/inference', {
        texts,
        model_settings: [{ model_id: first.id }, { model_id: second.id, max_predictions: 1 }],
      });
      expectPredictions(settings.results[0].predictions, texts, first.labels);
      expectPredictions(settings.results[1].predictions, texts, second.labels);
      const multi = await ok('POST', '/v2/multi-model/inference', { texts, model_ids: [first.id, second.id] });
      expectPredictions(multi.results[String(first.id)].predictions, texts, first.labels);
      expectPredictions(multi.results[String(second.id)].predictions, texts, second.labels);
    });
  }, 240_000);

  it('/v2/similarity takes the names as ids and the texts as texts, and answers under every id', async () => {
    const names = PROTOTYPE_NAMES.slice(0, 40);
    const base = own(names.map((name, i) => [name, TEXTS[i] as string]));
    const compare = own(names.map((name, i) => [name, TEXTS[TEXTS.length - 1 - i] as string]));
    const body = await ok('POST', '/v2/similarity', { base_texts: base, compare_to_texts: compare, top_n: 3 });
    expect(Object.keys(body).sort()).toEqual([...names].sort());
    for (const matches of Object.values(body) as Array<Array<{ id: string; similarity: number }>>) {
      expect(matches).toHaveLength(3);
      for (const m of matches) {
        expect(names).toContain(m.id);
        expect(Number.isFinite(m.similarity)).toBe(true);
      }
    }
  }, 60_000);
});

/** Every text of the model's own labels, alone and in a sentence: the labelled set the models are scored on. */
const labelledSet = (labels: readonly string[]) =>
  labels.flatMap((label) => [
    { text: `the ${label} is broken`, label },
    { text: `Der ${label} ist nicht gut`, label },
  ]);

/** The per-label table of an answer holds exactly the labels, each as an own key. */
function expectPerLabel(table: unknown, labels: readonly string[], where: string): void {
  expect(table !== null && typeof table === 'object', where).toBe(true);
  expect(Object.keys(table as object).sort(), where).toEqual([...labels].sort());
}

describe('models whose labels are Object.prototype names', () => {
  const labels = PROTOTYPE_NAMES;
  let zeroShotId = 0;
  let fewShotId = 0;

  it('a zero-shot model is created, deployed, evaluated and classifies every text', async () => {
    const created = await ok('POST', '/v2/models', {
      name: 'prototype names',
      type: 'zero-shot',
      labels: labels.map((name, i) => (i % 2 === 0 ? { name } : { name, descriptions: [`about the ${name}`, name] })),
    });
    zeroShotId = created.id;
    expect(created.labels).toEqual(labels);
    await ok('POST', `/v2/models/${zeroShotId}/deploy`, {});
    const evaluation = await ok('POST', `/v2/models/${zeroShotId}/evaluations`, { examples: labelledSet(labels) });
    expectPerLabel(evaluation.metrics?.per_class ?? evaluation.per_class, labels, 'evaluation per_class');
    const model = await ok('GET', `/v2/models/${zeroShotId}`);
    expect(model.status).toBe('deployed');
    const all = new Set(labels);
    const filter = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
    await eachLimited(chunks(TEXTS, INFERENCE_TEXTS), async (texts) => {
      const body = await ok('POST', `/v2/models/${zeroShotId}/inference`, { texts });
      expectPredictions(body.predictions, texts, all);
      for (const row of body.predictions as unknown[][]) expect(row).toHaveLength(labels.length);
      const filtered = await ok('POST', `/v2/models/${zeroShotId}/inference`, { texts, label_filter: filter });
      expectPredictions(filtered.predictions, texts, new Set(filter));
    });
  }, 240_000);

  it('a label_filter naming an Object.prototype name the model lacks is a 400 naming label_filter', async () => {
    const [first] = await deployedModels();
    const answer = await api('POST', `/v2/models/${first?.id}/inference`, {
      texts: ['hello'],
      label_filter: ['constructor'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/label_filter/);
  });

  it('a few-shot model counts its examples per label, trains and classifies', async () => {
    const created = await ok('POST', '/v2/models', {
      name: 'prototype names, few-shot',
      type: 'few-shot',
      labels: labels.map((name) => ({ name })),
    });
    const added = await ok('POST', `/v2/models/${created.id}/examples`, { examples: labelledSet(labels) });
    expectPerLabel(added.examples_per_label, labels, 'examples_per_label');
    expect(Object.values(added.examples_per_label)).toEqual(labels.map(() => 2));
    const jobs = await ok('GET', `/v2/models/${created.id}/training-jobs`);
    expect(jobs.total, 'every label has examples: the few-shot model trains').toBe(1);
    const job = await until('the few-shot training', async () => {
      const now = await ok('GET', `/v2/models/${created.id}/training-jobs/${jobs.data[0].id}`);
      return now.status === 'succeeded' || now.status === 'failed' ? now : undefined;
    });
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    await ok('POST', `/v2/models/${created.id}/deploy`, {});
    const trained = await ok('GET', `/v2/models/${created.id}`);
    expectPerLabel(trained.metrics.per_class, labels, 'trained per_class');
    const texts = TEXTS.slice(0, INFERENCE_TEXTS);
    expectPredictions(
      (await ok('POST', `/v2/models/${created.id}/inference`, { texts })).predictions,
      texts,
      new Set(labels),
    );
    fewShotId = created.id;

    // Exported and imported again: the same labels, deployable, classifying.
    const exported = await ok('GET', `/v2/models/${created.id}/export`);
    const imported = await ok('POST', '/v2/models/import?name=imported', exported);
    expect(imported.labels).toEqual(labels);
    await ok('POST', `/v2/models/${imported.id}/deploy`, {});
    const again = await ok('POST', `/v2/models/${imported.id}/inference`, { texts });
    expectPredictions(again.predictions, texts, new Set(labels));
  }, 120_000);

  it('a dataset whose columns, metadata keys and labels are Object.prototype names classifies every row', async () => {
    const [demo] = await deployedModels();
    const datasetOf = (columns: string[], textColumn: string) => ({
      name: 'prototype columns',
      columns: columns.map((name) => ({ name, type: 'text' })),
      text_column: textColumn,
      model_ids: [demo?.id, zeroShotId],
    });
    // "__proto__", "constructor" and "prototype" are reserved column names: a 400 naming the column.
    for (const reserved of ['__proto__', 'constructor', 'prototype']) {
      const refused = await api('POST', '/v2/datasets', datasetOf(['text', reserved], 'text'));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error_code: 'INVALID_PARAMETER' });
      expect(refused.body.message).toMatch(/^columns\[1\]\.name: /);
    }
    // Every other name is a column: the text in "toString", the label in "valueOf".
    const columnNames = ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
    const dataset = await ok('POST', '/v2/datasets', datasetOf(columnNames, 'toString'));
    const rowTexts = TEXTS.filter((_, i) => i % 9 === 0).slice(0, 48);
    const labelOf = (i: number) => labels[i % labels.length] as string;
    // Records: `text` fills the text column; "__proto__", "constructor" and "toLocaleString" are metadata keys.
    await eachLimited(
      rowTexts.slice(0, 16).map((text, i) => ({ text, i })),
      async ({ text, i }) => {
        await ok(
          'POST',
          `/v2/datasets/${dataset.key}/records`,
          own([
            ['text', text],
            ['valueOf', labelOf(i)],
            ['hasOwnProperty', text],
            ['__proto__', 'metadata'],
            ['constructor', labelOf(i)],
            ['toLocaleString', 'metadata'],
          ]),
        );
      },
    );
    // Items: the text under the text column's own name; "__proto__" names no column and is left out.
    for (const [c, rows] of chunks(rowTexts.slice(16, 32), 8).entries()) {
      await ok('POST', `/v2/dataset/${dataset.id}/item`, {
        rows: rows.map((text, i) =>
          own([
            ['toString', text],
            ['valueOf', labelOf(16 + c * 8 + i)],
            ['__proto__', 'x'],
          ]),
        ),
      });
    }
    // A CSV upload whose header is made of the same names.
    const csvRows = rowTexts.slice(32).map((text, i) => [text, labelOf(32 + i), 'x', 'y'].map(csvCell).join(','));
    const accepted = await ok(
      'POST',
      `/v2/datasets/${dataset.key}/uploads`,
      `toString,valueOf,__proto__,constructor\n${csvRows.join('\n')}\n`,
      'text/csv',
    );
    const upload = await until('the upload', async () => {
      const now = await ok('GET', `/v2/datasets/${dataset.key}/uploads/${accepted.id}`);
      return now.status === 'processing' ? undefined : now;
    });
    expect(upload, JSON.stringify(upload)).toMatchObject({ status: 'completed', rows_stored: rowTexts.length - 32 });

    // Every row classified by both models: no row, and no job, left behind.
    const records = await until('every row classified', async () => {
      const page = await ok('GET', `/v2/datasets/${dataset.key}/records?limit=100`);
      const data = page.data as Array<{ classifications: Record<string, unknown> | null }>;
      const done = data.filter((r) => r.classifications !== null && Object.keys(r.classifications).length === 2);
      return data.length === rowTexts.length && done.length === data.length ? data : undefined;
    });
    for (const record of records as Array<any>) {
      expect(Object.keys(record.values).sort()).toEqual([...columnNames].sort());
      expect(rowTexts).toContain(record.values.toString);
      expect(labels).toContain(record.values.valueOf);
      for (const classification of Object.values(record.classifications) as Array<{ confidence: number }>)
        expect(Number.isFinite(classification.confidence)).toBe(true);
    }
    const withMetadata = (records as Array<any>).filter((r) => Object.keys(r.metadata).length > 0);
    expect(withMetadata).toHaveLength(16);
    for (const r of withMetadata)
      expect(Object.keys(r.metadata).sort()).toEqual(['__proto__', 'constructor', 'toLocaleString']);

    // The few-shot model's suggestions read the rows' text column.
    const suggestions = await ok('GET', `/v2/models/${fewShotId}/suggestions?dataset_id=${dataset.key}&limit=5`);
    expect(suggestions.data).toHaveLength(5);
    for (const suggestion of suggestions.data as Array<{ text: string; label: string }>) {
      expect(rowTexts).toContain(suggestion.text);
      expect(labels).toContain(suggestion.label);
    }

    // The zero-shot model scored on the dataset's rows, the label read from the "valueOf" column, then from the
    // "constructor" metadata key.
    for (const labelColumn of ['valueOf', 'constructor']) {
      const evaluation = await ok('POST', `/v2/models/${zeroShotId}/evaluations`, {
        dataset_id: dataset.key,
        label_column: labelColumn,
      });
      expectPerLabel(evaluation.metrics?.per_class ?? evaluation.per_class, labels, `per_class by ${labelColumn}`);
    }
  }, 120_000);
});

describe('the server log', () => {
  it('holds no error: nothing answered 500, nothing threw', () => {
    expect(server.output()).not.toMatch(/"level":(50|60)|TypeError|INTERNAL_ERROR/);
  });
});

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;
