// Nearest-neighbour search over embedding rows with onnxruntime (one MatMul + ArgMax per chunk of queries).
import {
  attr,
  createOnnxSessionFromBytes,
  encodeModel,
  node,
  OnnxDataType,
  tensor,
  valueInfo,
} from '@textclass/server/inference';

const CHUNK = 4096;

/** For each query row (n × dimension), the index of the target row (m × dimension) with the highest dot product. */
export async function nearestRows(
  queries: Float32Array,
  targets: Float32Array,
  dimension: number,
): Promise<Int32Array> {
  const m = targets.length / dimension;
  const transposed = new Float32Array(targets.length);
  for (let t = 0; t < m; t++)
    for (let d = 0; d < dimension; d++) transposed[d * m + t] = targets[t * dimension + d] as number;
  const bytes = encodeModel({
    ir_version: 8,
    producer_name: 'textclass',
    opset_import: [{ domain: '', version: 17 }],
    graph: {
      name: 'nearest_rows',
      node: [
        node('MatMul', ['queries', 'targets'], ['scores']),
        node('ArgMax', ['scores'], ['best'], [attr.int('axis', 1), attr.int('keepdims', 0)]),
        node('Cast', ['best'], ['nearest'], [attr.int('to', OnnxDataType.FLOAT)]),
      ],
      initializer: [tensor('targets', [dimension, m], transposed)],
      input: [valueInfo('queries', OnnxDataType.FLOAT, ['n', dimension])],
      output: [valueInfo('nearest', OnnxDataType.FLOAT, ['n'])],
    },
  });
  const session = await createOnnxSessionFromBytes(bytes);
  const n = queries.length / dimension;
  const out = new Int32Array(n);
  try {
    for (let start = 0; start < n; start += CHUNK) {
      const rows = Math.min(CHUNK, n - start);
      const data = queries.subarray(start * dimension, (start + rows) * dimension);
      const result = await session.runFloat32({ queries: { data, dims: [rows, dimension] } }, 'nearest');
      for (let i = 0; i < rows; i++) out[start + i] = result.data[i] as number;
    }
  } finally {
    await session.release();
  }
  return out;
}
