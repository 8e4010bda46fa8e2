// Static models whose large initializers stay memory-mapped in their file embed exactly as when loaded whole.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPPED_INITIALIZER_MIN_BYTES, withMappedInitializers } from './onnx-mapped-initializers.js';
import { ModelProto } from './onnx-proto.js';
import { createOnnxSession } from './onnx-runtime.js';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID } from '../registry/package-paths.js';
import { STATIC_GRAPH_IO, writeStaticEmbeddingModel } from '../static/static-embedding-graph.js';

const DIMENSION = 64;
const VOCAB = 20_000; // int8: 1.28 MB of table (mapped), 80 KB of row scales (kept in the graph)
let dir: string;

/** A table of small pseudo-random values, the same on every run. */
function table(rows: number): Float32Array {
  const values = new Float32Array(rows * DIMENSION);
  let seed = 12345;
  for (let i = DIMENSION; i < values.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    values[i] = seed / 2 ** 30 - 1;
  }
  return values;
}

async function embed(path: string, mapLargeInitializers: boolean, ids: number[][]): Promise<Float32Array> {
  const session = await createOnnxSession(path, { intraOpThreads: 1, mapLargeInitializers });
  const width = Math.max(...ids.map((row) => row.length));
  const data = new BigInt64Array(ids.length * width);
  const mask = new BigInt64Array(ids.length * width);
  ids.forEach((row, r) =>
    row.forEach((id, c) => {
      data[r * width + c] = BigInt(id);
      mask[r * width + c] = 1n;
    }),
  );
  const dims = [ids.length, width];
  const { inputIds, attentionMask, output } = STATIC_GRAPH_IO;
  const out = await session.runInt64({ [inputIds]: { data, dims }, [attentionMask]: { data: mask, dims } }, output);
  await session.release();
  return out.data;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-mapped-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('withMappedInitializers', () => {
  it.each(['int8', 'float32'] as const)('points a %s table at its bytes in the file, same outputs', async (storage) => {
    const path = join(dir, `${storage}.onnx`);
    const rows = storage === 'int8' ? VOCAB : VOCAB / 4;
    await writeStaticEmbeddingModel({
      vectors: table(rows),
      vocabSize: rows,
      dimension: DIMENSION,
      storage,
      outPath: path,
    });
    const file = await readFile(path);
    const rewritten = await withMappedInitializers(path);
    expect(rewritten?.mapped).toBe(rows * DIMENSION * (storage === 'int8' ? 1 : 4));
    const graph = (ModelProto.toObject(ModelProto.decode(rewritten?.bytes as Uint8Array)) as { graph: object }).graph;
    const names = (graph as { initializer: Array<{ name: string; raw_data?: Uint8Array }> }).initializer.map(
      (t) => `${t.name}:${t.raw_data?.length ?? 0}`,
    );
    expect(names).toContain(storage === 'int8' ? 'embeddings_int8:0' : 'embeddings:0');
    expect(rewritten?.bytes.length).toBeLessThan(file.length - MAPPED_INITIALIZER_MIN_BYTES);

    const ids = [[1, 2, 3], [rows - 1, 7], [4999, 42, 4999, 1], [0]];
    expect(Buffer.from((await embed(path, true, ids)).buffer)).toEqual(
      Buffer.from((await embed(path, false, ids)).buffer),
    );
  });

  it('leaves a model without large initializers alone', async () => {
    const path = join(dir, 'small.onnx');
    await writeStaticEmbeddingModel({ vectors: table(10), vocabSize: 10, dimension: DIMENSION, outPath: path });
    expect(await withMappedInitializers(path)).toBeUndefined();
  });

  it('refuses a file that is not protobuf', async () => {
    const path = join(dir, 'broken.onnx');
    await writeFile(path, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 1, 2]));
    await expect(withMappedInitializers(path)).rejects.toThrow(/malformed ONNX file/);
  });
});

describe('the built-in multilingual static model, mapped', () => {
  const modelPath = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'model.onnx');

  it('runs bit for bit as with the table loaded whole, the table a file mapping of the process', async () => {
    const ids = [[1, 2, 3], [650_000, 7], [4999, 42, 4999, 1], [0], [123_456, 99, 65_432, 17, 500_000]];
    const whole = await embed(modelPath, false, ids);
    expect(whole.some((x) => x !== 0)).toBe(true);
    expect(Buffer.from((await embed(modelPath, true, ids)).buffer)).toEqual(Buffer.from(whole.buffer));
    expect((await withMappedInitializers(modelPath))?.mapped).toBeGreaterThan(60_000_000);
    const session = await createOnnxSession(modelPath, { mapLargeInitializers: true });
    // the table is a file mapping of the process (Linux lists them in /proc/self/maps), not a copy
    if (process.platform === 'linux') expect(await readFile('/proc/self/maps', 'utf8')).toContain(modelPath);
    await session.release();
    if (process.platform === 'linux') expect(await readFile('/proc/self/maps', 'utf8')).not.toContain(modelPath);
  });
});
