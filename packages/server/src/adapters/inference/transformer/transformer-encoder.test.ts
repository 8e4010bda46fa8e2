// The transformer path end to end on the tiny synthetic encoder: tokenise → ONNX → pool → normalise, batches, windows, prompts.
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextTokenizer } from './hf-tokenizer.js';
import { createOnnxSession } from '../onnx/onnx-runtime.js';
import { l2Normalise, poolTokens } from './pooling.js';
import { writeSyntheticEncoder } from '../../../testing/synthetic-encoder.js';
import { EXPORT_BATCH_LIMITS, TRANSFORMER_BATCH_LIMITS, TransformerEncoder } from './transformer-encoder.js';
import { readTransformerExport } from './transformer-export.js';

let root: string;
const dirOf = (name: string) => join(root, name);
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const norm = (v: Float32Array) => Math.hypot(...v);
const TEXTS = [
  'Where is my parcel?',
  'I want a refund for the double charge on my card',
  'ok',
  'The app crashes when I log in. Please help!',
];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-transformer-'));
  await writeSyntheticEncoder({ dir: dirOf('mean'), size: 'tiny' });
  await writeSyntheticEncoder({ dir: dirOf('cls'), size: 'tiny', pooling: 'cls', normalize: true });
  await writeSyntheticEncoder({ dir: dirOf('e5'), size: 'tiny', prompts: { query: 'query: ', passage: 'passage: ' } });
  await writeSyntheticEncoder({ dir: dirOf('short'), size: 'tiny', maxSeqLength: 16 });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The reference path written out by hand: tokenizer → one session run → mean pool → normalise. */
async function byHand(dir: string, text: string): Promise<Float32Array> {
  const exported = await readTransformerExport(dir);
  const tokenizer = new TextTokenizer(exported.tokenizerJson, exported.tokenizerConfig, exported.maxSeqLength);
  const ids = tokenizer.windows(text)[0]?.ids ?? [];
  const session = await createOnnxSession(exported.modelPath);
  const dims = [1, ids.length];
  const mask = new BigInt64Array(ids.length).fill(1n);
  const out = await session.runInt64(
    {
      input_ids: { data: BigInt64Array.from(ids.map(BigInt)), dims },
      attention_mask: { data: mask, dims },
      token_type_ids: { data: new BigInt64Array(ids.length), dims },
    },
    'last_hidden_state',
  );
  await session.release();
  return l2Normalise(poolTokens(out.data, mask, 1, ids.length, exported.dimension, 'mean')[0] as Float32Array);
}

describe('writeSyntheticEncoder', () => {
  it('writes the same bytes for the same seed and others for another seed', async () => {
    const a = await writeSyntheticEncoder({ dir: dirOf('again'), size: 'tiny' });
    const b = await writeSyntheticEncoder({ dir: dirOf('again'), size: 'tiny' });
    const c = await writeSyntheticEncoder({ dir: dirOf('again'), size: 'tiny', seed: 7 });
    expect(a.modelSha256).toBe(b.modelSha256);
    expect(c.modelSha256).not.toBe(a.modelSha256);
  });
});

describe('TransformerEncoder', () => {
  it('matches the hand-written path and returns unit vectors of the model width', async () => {
    const encoder = await TransformerEncoder.open(dirOf('mean'));
    expect(encoder.id).toBe('mean');
    expect(encoder.dimension).toBe(32);
    const [vector] = await encoder.embed([TEXTS[1] as string]);
    const reference = await byHand(dirOf('mean'), TEXTS[1] as string);
    expect(vector?.length).toBe(32);
    expect(norm(vector as Float32Array)).toBeCloseTo(1, 5);
    for (let i = 0; i < 32; i++) expect(vector?.[i]).toBeCloseTo(reference[i] as number, 4);
    await encoder.close();
  });

  it('keeps input order through length-sorted, padded batches', async () => {
    const encoder = await TransformerEncoder.open(dirOf('mean'), { batching: { maxRows: 2, maxCells: 10_000 } });
    const together = await encoder.embed(TEXTS);
    const alone = await Promise.all(TEXTS.map(async (t) => (await encoder.embed([t]))[0] as Float32Array));
    together.forEach((v, i) => expect(cosine(v, alone[i] as Float32Array)).toBeCloseTo(1, 4));
    expect(cosine(together[0] as Float32Array, together[1] as Float32Array)).toBeLessThan(0.9999);
    expect(await encoder.embed([])).toEqual([]);
    await encoder.close();
  });

  it('runs an export in session runs of at most 16 rows: 40 texts embed as each does alone', async () => {
    const encoder = await TransformerEncoder.open(dirOf('mean'));
    expect(encoder.batchLimits).toEqual(EXPORT_BATCH_LIMITS);
    expect(EXPORT_BATCH_LIMITS.maxRows).toBe(16);
    const texts = Array.from({ length: 40 }, (_, i) => `${TEXTS[i % TEXTS.length] as string} number ${i}`);
    const together = await encoder.embed(texts);
    const alone = await Promise.all(texts.map(async (t) => (await encoder.embed([t]))[0] as Float32Array));
    together.forEach((v, i) => expect(cosine(v, alone[i] as Float32Array)).toBeCloseTo(1, 4));
    await encoder.close();
    const exported = await readTransformerExport(dirOf('mean'));
    expect(new TransformerEncoder(exported).batchLimits).toEqual(TRANSFORMER_BATCH_LIMITS);
  });

  it('pools with CLS as 1_Pooling/config.json says, and normalises', async () => {
    const cls = await TransformerEncoder.open(dirOf('cls'));
    const mean = await TransformerEncoder.open(dirOf('mean'));
    const [a] = await cls.embed([TEXTS[0] as string]);
    const [b] = await mean.embed([TEXTS[0] as string]);
    expect(norm(a as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(a as Float32Array, b as Float32Array)).toBeLessThan(0.9999);
    await Promise.all([cls.close(), mean.close()]);
  });

  it('reads a 10,000-character text whole: windows averaged into one finite unit vector', async () => {
    const encoder = await TransformerEncoder.open(dirOf('mean'));
    const sentences = [
      'the customer called about a refund.',
      'then the agent reset the password.',
      'the app works today, thanks!',
    ];
    let long = '';
    for (let i = 0; long.length < 10_000; i++) long += `${sentences[i % 3]} `;
    const [whole] = await encoder.embed([long]);
    const firstWindow = await byHand(dirOf('mean'), long);
    expect(whole?.every(Number.isFinite)).toBe(true);
    expect(norm(whole as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(whole as Float32Array, firstWindow)).toBeLessThan(0.9999);
    await encoder.close();
  });

  it('windows texts longer than max_seq_length (16 tokens here)', async () => {
    const encoder = await TransformerEncoder.open(dirOf('short'));
    const text = 'my password reset failed again and again, the app crashes and the refund never came back to my card';
    const [whole] = await encoder.embed([text]);
    expect(cosine(whole as Float32Array, await byHand(dirOf('short'), text))).toBeLessThan(0.9999);
    expect(norm(whole as Float32Array)).toBeCloseTo(1, 5);
    await encoder.close();
  });

  it('costs a batch row the tokens of the model input (special tokens included), capped at max_seq_length', async () => {
    const encoder = await TransformerEncoder.open(dirOf('short'));
    const exported = await readTransformerExport(dirOf('short'));
    const tokenizer = new TextTokenizer(exported.tokenizerJson, exported.tokenizerConfig, exported.maxSeqLength);
    expect(encoder.tokenize('Where is my parcel?').tokens).toBe(
      tokenizer.windows('Where is my parcel?')[0]?.ids.length,
    );
    expect(encoder.tokenize('').tokens).toBe(tokenizer.prefix.length + tokenizer.suffix.length);
    expect(encoder.tokenize('refund '.repeat(200)).tokens).toBe(16);
    expect(encoder.tokenize('refund '.repeat(200)).windows.length).toBeGreaterThan(1);
  });

  it('runs tokenised texts exactly as embed() embeds them, prompts included', async () => {
    const staged = await TransformerEncoder.open(dirOf('e5'));
    const fresh = await TransformerEncoder.open(dirOf('e5'));
    const texts = ['where is my parcel', 'refund '.repeat(200), ''];
    const [a, b] = [await staged.run(texts.map((text) => staged.tokenize(text))), await fresh.embed(texts)];
    a.forEach((vector, i) => expect(Array.from(vector)).toEqual(Array.from(b[i] as Float32Array)));
    const [passage] = await staged.run([staged.tokenize(texts[0] as string, 'passage')]);
    const [passageFresh] = await fresh.embed([texts[0] as string], { role: 'passage' });
    expect(Array.from(passage as Float32Array)).toEqual(Array.from(passageFresh as Float32Array));
    expect(Array.from(passage as Float32Array)).not.toEqual(Array.from(a[0] as Float32Array));
    expect(await staged.run([])).toEqual([]);
    await Promise.all([staged.close(), fresh.close()]);
  });

  it('applies e5-style prompts: query by default, passage on request', async () => {
    const e5 = await TransformerEncoder.open(dirOf('e5'));
    const plain = await TransformerEncoder.open(dirOf('mean'));
    expect(e5.promptFor()).toBe('query: ');
    const [query] = await e5.embed(['where is my parcel']);
    const [passage] = await e5.embed(['where is my parcel'], { role: 'passage' });
    const [q, p, none] = await plain.embed([
      'query: where is my parcel',
      'passage: where is my parcel',
      'where is my parcel',
    ]);
    expect(cosine(query as Float32Array, q as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(passage as Float32Array, p as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(query as Float32Array, none as Float32Array)).toBeLessThan(0.9999);
    await Promise.all([e5.close(), plain.close()]);
  });

  it('finds onnx/model.onnx, honours textclass.json "file" and "id", refuses an ambiguous onnx/ folder', async () => {
    const dir = dirOf('layout');
    await writeSyntheticEncoder({ dir, size: 'tiny' });
    await mkdir(join(dir, 'onnx'));
    await rename(join(dir, 'model.onnx'), join(dir, 'onnx', 'model.onnx'));
    expect((await readTransformerExport(dir)).modelPath).toBe(join(dir, 'onnx', 'model.onnx'));
    await rename(join(dir, 'onnx', 'model.onnx'), join(dir, 'onnx', 'model_O2.onnx'));
    await writeFile(join(dir, 'onnx', 'model_qint8.onnx'), '');
    await expect(readTransformerExport(dir)).rejects.toThrow(/several/);
    await writeFile(join(dir, 'textclass.json'), JSON.stringify({ id: 'chosen', file: 'onnx/model_O2.onnx' }));
    const encoder = await TransformerEncoder.open(dir);
    expect(encoder.id).toBe('chosen');
    expect(norm((await encoder.embed(['hi']))[0] as Float32Array)).toBeCloseTo(1, 5);
    await encoder.close();
  });

  it('becomes healthy after warmup', async () => {
    const encoder = await TransformerEncoder.open(dirOf('mean'));
    expect(encoder.health()).toBe(false);
    await encoder.warmup();
    expect(encoder.health()).toBe(true);
    await encoder.close();
    expect(encoder.health()).toBe(false);
  });
});
