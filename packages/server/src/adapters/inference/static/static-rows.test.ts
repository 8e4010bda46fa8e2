// Rows come from the file on demand into a bounded cache: the same values whatever the cache size, the table never whole.
import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID } from '../registry/package-paths.js';
import { quantiseRows, writeStaticEmbeddingModel } from './static-embedding-graph.js';
import { recogniseStaticGraph, type StaticGraphLayout } from './static-graph-recognise.js';
import { STATIC_ROW_CACHE_BYTES, StaticRows } from './static-rows.js';

const DIMENSION = 64;
const VOCAB = 20_000; // int8: a 1.28 MB table, read from the file
let dir: string;
let path: string;
let layout: StaticGraphLayout;
const vectors = new Float32Array(VOCAB * DIMENSION).map((_, i) => Math.sin(i) * (i % 7));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-static-rows-'));
  path = join(dir, 'model.onnx');
  await writeStaticEmbeddingModel({ vectors, vocabSize: VOCAB, dimension: DIMENSION, storage: 'int8', outPath: path });
  layout = (await recogniseStaticGraph(path)) as StaticGraphLayout;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('StaticRows', () => {
  it('gives each row as Cast × scale of the stored int8, through a cache of 3 slots as through a large one', () => {
    const { values, scales } = quantiseRows(vectors, DIMENSION);
    const small = StaticRows.open(path, layout, 3 * DIMENSION * 4);
    const large = StaticRows.open(path, layout);
    expect(small.slots).toBe(3);
    let seed = 5;
    for (let n = 0; n < 2000; n++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const id = n % 3 === 0 ? n % 4 : seed % VOCAB; // some rows come back often, most once
      const expected = Float32Array.from({ length: DIMENSION }, (_, d) => {
        return (values[id * DIMENSION + d] as number) * (scales[id] as number);
      });
      for (const rows of [small, large]) {
        const { values: cached, offset } = rows.row(id);
        expect(cached.subarray(offset, offset + DIMENSION)).toEqual(expected);
      }
    }
    expect(() => small.row(VOCAB)).toThrow(/outside the table/);
    small.close();
    large.close();
  });

  it('holds at most its byte budget of rows for the built-in multilingual table (about a tenth of it)', async () => {
    const builtIn = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'model.onnx');
    const multi = (await recogniseStaticGraph(builtIn)) as StaticGraphLayout;
    expect(multi.table.kind).toBe('file');
    const rows = StaticRows.open(builtIn, multi);
    expect(rows.slots * multi.dimension * 4).toBeLessThanOrEqual(STATIC_ROW_CACHE_BYTES);
    const tableBytes = multi.vocabSize * multi.dimension;
    const held = STATIC_ROW_CACHE_BYTES + multi.vocabSize * 8; // rows + scales + the slot of each id
    expect(held).toBeLessThan(tableBytes / 6);
    for (let id = 0; id < multi.vocabSize; id += 17) rows.row(id); // more rows than slots: evicts, stays bounded
    rows.close();
  });

  it('reports a file cut after loading instead of giving garbage', async () => {
    const rows = StaticRows.open(path, layout);
    rows.row(1);
    await truncate(path, 5000);
    expect(() => rows.row(VOCAB - 1)).toThrow(/shorter than when it was loaded/);
    rows.close();
  });
});
