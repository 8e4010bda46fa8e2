// The static encoder in stages on a tiny written encoder: tokenize, run, the serving encoder over it, close().
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as ort from 'onnxruntime-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmbeddingCache } from '../serving/embedding-cache.js';
import { ServingEncoder } from '../serving/encoder-stages.js';
import { StaticEncoder } from './static-encoder.js';
import { StaticRows } from './static-rows.js';
import { StaticWordTokenizer } from './static-tokenizer.js';
import { writeTinyStaticEncoder } from '../testing/tiny-static-encoder.js';

let dir: string;
const TEXTS = ['Where is my parcel?', 'refund please', 'nothing known here', '', 'card charge card charge refund'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-static-stages-'));
  await writeTinyStaticEncoder(dir);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('StaticEncoder in stages', () => {
  it('tokenize() refuses until the files are loaded, then gives the known-word ids and their count as the row cost', async () => {
    const encoder = await StaticEncoder.open(dir);
    expect(() => encoder.tokenize('where')).toThrow(/not loaded/);
    await encoder.warmup();
    expect(Array.from(encoder.tokenize('Where is my parcel?').ids)).toEqual([1, 2, 3, 4]);
    expect(encoder.tokenize('Where is my parcel?').tokens).toBe(4);
    expect(encoder.tokenize('nothing known here').tokens).toBe(1);
    await encoder.close();
    expect(() => encoder.tokenize('where')).toThrow(/not loaded/);
  });

  it('runs tokenised texts exactly as embed() embeds them, a text without a known word as zeros', async () => {
    const encoder = await StaticEncoder.open(dir, { batching: { maxRows: 2, maxCells: 8 } });
    await encoder.warmup();
    const staged = await encoder.run(TEXTS.map((text) => encoder.tokenize(text)));
    const direct = await encoder.embed(TEXTS);
    staged.forEach((vector, i) => expect(Array.from(vector)).toEqual(Array.from(direct[i] as Float32Array)));
    expect(Math.hypot(...(staged[0] as Float32Array))).toBeCloseTo(1, 5);
    expect((staged[2] as Float32Array).every((x) => x === 0)).toBe(true);
    expect(await encoder.run([])).toEqual([]);
    await encoder.close();
  });

  it('behind a serving encoder: each distinct text tokenised once, the vectors of embed()', async () => {
    const encoder = await StaticEncoder.open(dir);
    await encoder.warmup();
    const serving = new ServingEncoder(encoder, { cache: new EmbeddingCache(1 << 20) });
    const encode = vi.spyOn(StaticWordTokenizer.prototype, 'encodeRead');
    const vectors = await serving.embed([...TEXTS, TEXTS[0] as string]);
    expect(encode).toHaveBeenCalledTimes(TEXTS.length);
    const direct = await encoder.embed(TEXTS);
    TEXTS.forEach((_, i) =>
      expect(Array.from(vectors[i] as Float32Array)).toEqual(Array.from(direct[i] as Float32Array)),
    );
    expect(vectors[TEXTS.length]).toBe(vectors[0]);
    await serving.close();
  });

  it('loads a cold encoder on its first request, once, while concurrent requests wait for it', async () => {
    const encoder = await StaticEncoder.open(dir);
    const serving = new ServingEncoder(encoder);
    expect(serving.health()).toBe(false);
    const warmup = vi.spyOn(encoder, 'warmup');
    const [first, second] = await Promise.all([serving.embed([TEXTS[0] as string]), serving.embed(TEXTS)]);
    expect(warmup).toHaveBeenCalledTimes(1);
    expect(serving.health()).toBe(true);
    const direct = await encoder.embed(TEXTS);
    expect(Array.from(first?.[0] as Float32Array)).toEqual(Array.from(direct[0] as Float32Array));
    expect(second).toHaveLength(TEXTS.length);
    await serving.embed(TEXTS);
    expect(warmup).toHaveBeenCalledTimes(1);
    await serving.close();
  });

  it('close() closes the table (our graph runs in JavaScript, no ONNX session)', async () => {
    const encoder = await StaticEncoder.open(dir);
    const serving = new ServingEncoder(encoder);
    const create = vi.spyOn(ort.InferenceSession, 'create');
    await serving.warmup();
    expect(encoder.runsInJavaScript).toBe(true);
    expect(create).not.toHaveBeenCalled();
    const close = vi.spyOn(StaticRows.prototype, 'close');
    await serving.close();
    expect(close).toHaveBeenCalledTimes(1);
    expect(serving.health()).toBe(false);
    expect(encoder.runsInJavaScript).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')(
    'a process that only embeds with a static encoder never loads onnxruntime-node',
    async () => {
      const script = join(dir, 'embed-only.mts');
      const source = new URL('./static-encoder.ts', import.meta.url).pathname;
      await writeFile(
        script,
        [
          `import { readFileSync } from 'node:fs';`,
          `import { StaticEncoder } from ${JSON.stringify(source)};`,
          `const encoder = await StaticEncoder.open(${JSON.stringify(dir)});`,
          `const [vector] = await encoder.embed(['where is my parcel']);`,
          `const maps = readFileSync('/proc/self/maps', 'utf8');`,
          `console.log(JSON.stringify({ norm: Math.hypot(...vector), onnxruntime: maps.includes('onnxruntime') }));`,
        ].join('\n'),
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script]);
      const result = JSON.parse(stdout) as { norm: number; onnxruntime: boolean };
      expect(result.norm).toBeCloseTo(1, 5);
      expect(result.onnxruntime).toBe(false);
    },
    30_000,
  );
});
