// StaticEncoder over a tiny encoder directory written by writeStaticEncoder: numerics, order, edge cases.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_CONTRACTIONS, StaticEncoder } from '@textclass/server/inference';
import { writeStaticEncoder } from './static-encoder-writer.js';

const words = ['cat', 'dog', 'car', 'not', 'do'];
// row 0 zeros; cat=(1,0,0,0) dog=(0,1,0,0) car=(0,0,3,4) not=(0,0,0,-1) do=(2,0,0,0)
const table = Float32Array.from([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 4, 0, 0, 0, -1, 2, 0, 0, 0]);

let dir: string;
let encoder: StaticEncoder;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-static-'));
  await writeStaticEncoder({
    dir,
    id: 'tiny',
    source: 'test',
    words,
    vectors: table,
    dimension: 4,
    contractions: ENGLISH_CONTRACTIONS,
  });
  encoder = await StaticEncoder.open(dir, { batching: { maxRows: 2, maxCells: 8 } });
});

afterAll(async () => {
  await encoder.close();
  await rm(dir, { recursive: true, force: true });
});

const norm = (v: Float32Array) => Math.hypot(...v);
const close = (actual: Float32Array, expected: number[]) =>
  expected.forEach((e, i) => expect(actual[i]).toBeCloseTo(e, 6));

describe('StaticEncoder', () => {
  it('reads id and dimension from encoder.json', () => {
    expect(encoder.id).toBe('tiny');
    expect(encoder.dimension).toBe(4);
    expect(encoder.metadata.vocab_size).toBe(5);
  });

  it('is unhealthy until warm, healthy after warmup()', async () => {
    const fresh = await StaticEncoder.open(dir);
    expect(fresh.health()).toBe(false);
    await fresh.warmup();
    expect(fresh.health()).toBe(true);
    await fresh.close();
    expect(fresh.health()).toBe(false);
  });

  it('embeds as the L2-normalised mean of known words', async () => {
    const [v] = await encoder.embed(['Cat DOG']);
    close(v as Float32Array, [Math.SQRT1_2, Math.SQRT1_2, 0, 0]);
    const [car] = await encoder.embed(['car']);
    close(car as Float32Array, [0, 0, 0.6, 0.8]);
  });

  it('skips unknown words and expands contractions', async () => {
    const [a, b] = await encoder.embed(['the cat, obviously!', "don't"]);
    close(a as Float32Array, [1, 0, 0, 0]);
    // do + not = (2,0,0,-1) / √5
    close(b as Float32Array, [2 / Math.sqrt(5), 0, 0, -1 / Math.sqrt(5)]);
  });

  it('returns zero vectors for empty and all-unknown texts', async () => {
    const out = await encoder.embed(['', 'zebra unicorn', '12345 😀']);
    for (const v of out) expect([...v]).toEqual([0, 0, 0, 0]);
  });

  it('keeps input order across batches of different lengths', async () => {
    const texts = ['car car car car car', 'cat', '', 'dog dog', 'cat dog car', 'dog', 'car'];
    const out = await encoder.embed(texts);
    expect(out).toHaveLength(texts.length);
    const single = await Promise.all(texts.map(async (t) => (await encoder.embed([t]))[0] as Float32Array));
    out.forEach((v, i) => close(v, [...(single[i] as Float32Array)]));
    close(out[1] as Float32Array, [1, 0, 0, 0]);
    close(out[5] as Float32Array, [0, 1, 0, 0]);
  });

  it('embeds a long text in full (up to max_tokens)', async () => {
    const text = `${'cat '.repeat(3000)}${'dog '.repeat(1000)}`;
    const [v] = await encoder.embed([text]);
    expect(norm(v as Float32Array)).toBeCloseTo(1, 5);
    close(v as Float32Array, [3 / Math.sqrt(10), 1 / Math.sqrt(10), 0, 0]);
  });

  it('returns an empty list for no texts', async () => {
    expect(await encoder.embed([])).toEqual([]);
  });

  it('fails with a clear error when the directory is incomplete', async () => {
    await expect(StaticEncoder.open(join(dir, 'missing'))).rejects.toThrow(/encoder\.json/);
  });
});
