// Runs the written static-embedding graph in onnxruntime on a tiny hand-made table.
import { describe, expect, it } from 'vitest';
import { createOnnxSessionFromBytes } from '../onnx/onnx-runtime.js';
import { buildStaticEmbeddingModel, quantiseRows, STATIC_GRAPH_IO } from './static-embedding-graph.js';

// rows: 0 padding, 1 = (1,0,0), 2 = (0,2,0), 3 = (3,4,0), 4 = (0,0,-5)
const vectors = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 2, 0, 3, 4, 0, 0, 0, -5]);
const model = () => buildStaticEmbeddingModel({ vectors, vocabSize: 5, dimension: 3 });

async function run(ids: number[][], mask: number[][], bytes = model()) {
  const session = await createOnnxSessionFromBytes(bytes);
  const rows = ids.length;
  const sequence = ids[0]?.length ?? 0;
  const dims = [rows, sequence];
  const out = await session.runInt64(
    {
      [STATIC_GRAPH_IO.inputIds]: { data: BigInt64Array.from(ids.flat().map(BigInt)), dims },
      [STATIC_GRAPH_IO.attentionMask]: { data: BigInt64Array.from(mask.flat().map(BigInt)), dims },
    },
    STATIC_GRAPH_IO.output,
  );
  await session.release();
  return out;
}

const row = (data: Float32Array, i: number) => [...data.slice(i * 3, i * 3 + 3)];

describe('static embedding graph', () => {
  it('declares the expected inputs and output', async () => {
    const session = await createOnnxSessionFromBytes(model());
    expect(session.inputNames).toEqual(['input_ids', 'attention_mask']);
    expect(session.outputNames).toEqual(['sentence_embedding']);
    await session.release();
  });

  it('computes the masked mean, L2-normalised, per row', async () => {
    const out = await run(
      [
        [1, 2, 0],
        [3, 0, 0],
        [1, 4, 2],
      ],
      [
        [1, 1, 0],
        [1, 0, 0],
        [1, 1, 1],
      ],
    );
    expect(out.dims).toEqual([3, 3]);
    // mean((1,0,0),(0,2,0)) = (0.5,1,0) → /√1.25
    const expected0 = [0.5 / Math.sqrt(1.25), 1 / Math.sqrt(1.25), 0];
    row(out.data, 0).forEach((v, i) => expect(v).toBeCloseTo(expected0[i] as number, 6));
    row(out.data, 1).forEach((v, i) => expect(v).toBeCloseTo([0.6, 0.8, 0][i] as number, 6));
    // sum (1,2,-5) → /√30
    row(out.data, 2).forEach((v, i) => expect(v).toBeCloseTo(([1, 2, -5][i] as number) / Math.sqrt(30), 6));
  });

  it('ignores masked positions even when their id is a real word', async () => {
    const out = await run([[1, 4]], [[1, 0]]);
    expect(row(out.data, 0)).toEqual([1, 0, 0]);
  });

  it('gives a zero vector, not NaN, for a fully masked row', async () => {
    const out = await run(
      [
        [0, 0],
        [2, 0],
      ],
      [
        [0, 0],
        [1, 0],
      ],
    );
    expect(row(out.data, 0)).toEqual([0, 0, 0]);
    expect(row(out.data, 1)).toEqual([0, 1, 0]);
  });

  it('handles long sequences', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? 1 : 2));
    const out = await run([ids], [ids.map(() => 1)]);
    row(out.data, 0).forEach((v, i) => expect(v).toBeCloseTo([1 / Math.sqrt(5), 2 / Math.sqrt(5), 0][i] as number, 5));
  });

  it('serialises deterministically', () => {
    expect(Buffer.from(model()).equals(Buffer.from(model()))).toBe(true);
  });

  it('stores the table as int8 with a scale per row, and runs it to the same vectors within rounding', async () => {
    const table = Float32Array.from([0, 0, 0, 0.3, -1.2, 0.05, 7, 0.001, -3]);
    const { values, scales } = quantiseRows(table, 3);
    expect([...values.slice(3, 6)]).toEqual([32, -127, 5]);
    expect(scales[0]).toBe(0);
    const float = await run(
      [[1, 2]],
      [[1, 1]],
      buildStaticEmbeddingModel({ vectors: table, vocabSize: 3, dimension: 3 }),
    );
    const int8Bytes = buildStaticEmbeddingModel({ vectors: table, vocabSize: 3, dimension: 3, storage: 'int8' });
    const int8 = await run([[1, 2]], [[1, 1]], int8Bytes);
    row(int8.data, 0).forEach((v, i) => expect(v).toBeCloseTo(row(float.data, 0)[i] as number, 2));
    expect(int8Bytes.length).toBeLessThan(
      buildStaticEmbeddingModel({ vectors: new Float32Array(3000), vocabSize: 1000, dimension: 3 }).length,
    );
  });

  it('rejects a table whose size does not match', () => {
    expect(() => buildStaticEmbeddingModel({ vectors, vocabSize: 4, dimension: 3 })).toThrow(/expected 4 × 3/);
  });
});
