// The default-encoder build pipeline on a small wink-format file: selection, files, --if-missing, determinism.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDefaultEncoder, isEncoderCurrent, selectWords } from './english-encoder-build.js';
import { readEncoderMetadata, StaticEncoder } from '@textclass/server/inference';

let dir: string;
let source: string;
const words = ['the', ',', 'cat', '.', 'dog', 'anti-', 'e-mail', 'Paris', 'car', 'truck', 'not', 'do'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-build-'));
  source = join(dir, 'wink.json');
  const vectors = Object.fromEntries(
    words.map((w, i) => [w, [Math.sin(i + 1), Math.cos(i + 1), Math.sin(2 * i + 3), (i % 3) - 1, 1, i]]),
  );
  await writeFile(
    source,
    JSON.stringify({ precision: 8, l2NormIndex: 4, wordIndex: 5, size: words.length, dimensions: 4, words, vectors }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('selectWords', () => {
  it('keeps the most frequent lowercase word tokens with their 1-based ranks', () => {
    expect(selectWords({ dimension: 4, words }, 5)).toEqual({
      words: ['the', 'cat', 'dog', 'e-mail', 'car'],
      ranks: [1, 3, 5, 7, 9],
    });
  });
});

describe('buildDefaultEncoder', () => {
  it('writes a working encoder, reuses it with ifMissing and rebuilds on new settings', async () => {
    const outDir = join(dir, 'out');
    const first = await buildDefaultEncoder({ sourcePath: source, outDir, vocabSize: 8 });
    expect(first.status).toBe('built');
    expect(first.metadata).toMatchObject({
      id: 'static-en-100d',
      dimension: 4,
      vocab_size: 8,
      source: 'file:wink.json',
    });
    const model = await readFile(join(outDir, 'model.onnx'));

    const again = await buildDefaultEncoder({ sourcePath: source, outDir, vocabSize: 8, ifMissing: true });
    expect(again.status).toBe('up-to-date');
    expect(again.modelBytes).toBe(model.length);

    const changed = await buildDefaultEncoder({ sourcePath: source, outDir, vocabSize: 6, ifMissing: true });
    expect(changed.status).toBe('built');
    expect((await readEncoderMetadata(outDir)).vocab_size).toBe(6);

    const encoder = await StaticEncoder.open(outDir);
    const [cat, unknown] = await encoder.embed(['The CAT', 'zebra']);
    expect(Math.hypot(...(cat as Float32Array))).toBeCloseTo(1, 5);
    expect([...(unknown as Float32Array)]).toEqual([0, 0, 0, 0]);
    await encoder.close();
  });

  it('produces identical bytes on every run', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await buildDefaultEncoder({ sourcePath: source, outDir: a, vocabSize: 8 });
    await buildDefaultEncoder({ sourcePath: source, outDir: b, vocabSize: 8 });
    for (const file of ['model.onnx', 'tokenizer.json', 'encoder.json']) {
      expect((await readFile(join(a, file))).equals(await readFile(join(b, file)))).toBe(true);
    }
  });

  it('notices a tampered model file', async () => {
    const outDir = join(dir, 'tampered');
    const built = await buildDefaultEncoder({ sourcePath: source, outDir, vocabSize: 8 });
    expect(await isEncoderCurrent(outDir, built.metadata.source, built.metadata.build)).toBe(true);
    await writeFile(join(outDir, 'model.onnx'), 'not a model');
    expect(await isEncoderCurrent(outDir, built.metadata.source, built.metadata.build)).toBe(false);
  });
});
