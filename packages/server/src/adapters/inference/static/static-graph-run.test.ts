// The static graph in JavaScript gives onnxruntime's batch-of-1 vectors bit for bit, on the built-in encoders and written ones.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxSession, type OnnxSession } from '../onnx/onnx-runtime.js';
import {
  BUILTIN_ENCODERS_DIR,
  ENGLISH_ENCODER_ID,
  SERVER_PACKAGE_ROOT,
  STATIC_MULTI_ENCODER_ID,
} from '../registry/package-paths.js';
import { STATIC_GRAPH_IO, writeStaticEmbeddingModel } from './static-embedding-graph.js';
import { StaticEncoder } from './static-encoder.js';
import { StaticGraph, sumOfSquares } from './static-graph-run.js';
import { recogniseStaticGraph } from './static-graph-recognise.js';
import { StaticRows } from './static-rows.js';

/** Every text of eval/sets and of the language-id fixtures (13+ languages), each also joined to the next. */
function corpus(): string[] {
  const evalDir = join(SERVER_PACKAGE_ROOT, '..', '..', 'eval', 'sets');
  const texts = ['sentiment.jsonl', 'support-intents.jsonl'].flatMap((name) =>
    readFileSync(join(evalDir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
  for (const name of ['language-id-set.json', 'language-id-short.json']) {
    const file = JSON.parse(readFileSync(new URL(`../../language-id/fixtures/${name}`, import.meta.url), 'utf8')) as {
      cases: Array<{ text: string }>;
    };
    texts.push(...file.cases.map((c) => c.text));
  }
  const joined = texts.map((text, i) => `${text} ${texts[(i + 1) % texts.length] as string}`);
  const long = [texts.slice(0, 400).join(' '), texts.join(' ')];
  return [...texts, ...joined, ...long, '', 'xqzv', 'the', 'zebra', '!!!'];
}

/** onnxruntime's answer for one text, run alone (a batch of 1, as the encoder ran it before the JavaScript graph). */
async function ortOne(session: OnnxSession, ids: Int32Array): Promise<Float32Array> {
  const sequence = Math.max(1, ids.length);
  const data = new BigInt64Array(sequence);
  const mask = new BigInt64Array(sequence);
  ids.forEach((id, i) => {
    data[i] = BigInt(id);
    mask[i] = 1n;
  });
  const dims = [1, sequence];
  const { inputIds, attentionMask, output } = STATIC_GRAPH_IO;
  return (await session.runInt64({ [inputIds]: { data, dims }, [attentionMask]: { data: mask, dims } }, output)).data;
}

/** Indices where a and b differ in any bit (0 and -0 differ). */
function differences(a: Float32Array, b: Float32Array): number[] {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  expect(a.length).toBe(b.length);
  return Array.from(x.keys()).filter((i) => x[i] !== y[i]);
}

/** Pseudo-random id sequences of 1 to 4,096 tokens (the same on every run). */
function idSequences(vocabSize: number, count: number): Int32Array[] {
  let seed = 99;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lengths = [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64, 100, 255, 256, 257, 511, 512, 513, 1000, 4096];
  return Array.from({ length: count }, (_, i) =>
    Int32Array.from({ length: lengths[i % lengths.length] as number }, () => Math.floor(next() * vocabSize)),
  );
}

describe.each([
  [STATIC_MULTI_ENCODER_ID, 'int8'],
  [ENGLISH_ENCODER_ID, 'float32'],
])('built-in %s (%s table)', (id, storage) => {
  const dir = join(BUILTIN_ENCODERS_DIR, id);
  let encoder: StaticEncoder;
  let session: OnnxSession;

  beforeAll(async () => {
    encoder = await StaticEncoder.open(dir);
    await encoder.warmup();
    session = await createOnnxSession(join(dir, 'model.onnx'), { mapLargeInitializers: true });
  });
  afterAll(async () => {
    await encoder.close();
    await session.release();
  });

  it('runs in JavaScript with the table in the file', async () => {
    expect(encoder.runsInJavaScript).toBe(true);
    expect((await recogniseStaticGraph(join(dir, 'model.onnx')))?.storage).toBe(storage);
  });

  it('every text of many languages, in one batch, gets its batch-of-1 onnxruntime vector exactly', async () => {
    const texts = corpus();
    expect(texts.length).toBeGreaterThan(3500);
    const vectors = await encoder.embed(texts);
    let differing = 0;
    for (const [i, text] of texts.entries()) {
      const expected = await ortOne(session, encoder.tokenize(text).ids);
      if (differences(vectors[i] as Float32Array, expected).length > 0) differing++;
    }
    expect(differing).toBe(0);
    expect(Array.from(vectors[texts.indexOf('')] as Float32Array).every((x) => Object.is(x, 0))).toBe(true);
    const longest = Math.max(...texts.map((text) => encoder.tokenize(text).ids.length));
    expect(longest).toBeGreaterThan(1000);
  });

  it('random token sequences of 1 to 4,096 tokens match onnxruntime exactly', async () => {
    const layout = await recogniseStaticGraph(join(dir, 'model.onnx'));
    if (!layout) throw new Error('not recognised');
    const rows = StaticRows.open(join(dir, 'model.onnx'), layout, 64 * 1024);
    const graph = new StaticGraph(rows, layout);
    let differing = 0;
    for (const ids of idSequences(layout.vocabSize, 420)) {
      if (differences(graph.embed(ids), await ortOne(session, ids)).length > 0) differing++;
    }
    rows.close();
    expect(differing).toBe(0);
  });
});

describe('written tables', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'textclass-static-graph-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 31, 64, 100, 257])(
    'dimension %i, both storages, signed zeros and tiny values, match onnxruntime exactly',
    async (dimension) => {
      const vocabSize = 300;
      const vectors = new Float32Array(vocabSize * dimension);
      let seed = dimension;
      for (let i = dimension; i < vectors.length; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const r = seed / 2 ** 31;
        vectors[i] = r < 0.1 ? -0 : r < 0.15 ? (r - 0.125) * 1e-30 : (r - 0.5) * 2 ** Math.floor(r * 12 - 4);
      }
      vectors[0] = -0; // a padding row of -0 gives the empty text -0 × 0
      for (const storage of ['float32', 'int8'] as const) {
        const path = join(dir, `${storage}-${dimension}.onnx`);
        await writeStaticEmbeddingModel({ vectors, vocabSize, dimension, storage, outPath: path });
        const layout = await recogniseStaticGraph(path);
        if (!layout) throw new Error('not recognised');
        const rows = StaticRows.open(path, layout);
        const graph = new StaticGraph(rows, layout);
        const session = await createOnnxSession(path, { mapLargeInitializers: true });
        const sequences = [new Int32Array(0), Int32Array.of(0), Int32Array.of(1), ...idSequences(vocabSize, 60)];
        for (const ids of sequences) {
          expect(differences(graph.embed(ids), await ortOne(session, ids))).toEqual([]);
        }
        await session.release();
        rows.close();
      }
    },
  );

  it('sums squares in packets of 4 (p0 + p2) + (p1 + p3), not left to right', () => {
    const values = Float32Array.of(1, 2 ** -12, 2 ** -12, 2 ** -12, 2 ** -12);
    // left to right 1 + 2^-24 + … stays 1; the packets add the small squares to each other first
    expect(sumOfSquares(values)).toBe(1 + 2 ** -22); // (1 + 2^-24 → 1) + 2^-23, then + 2^-24 rounds to even
  });
});
