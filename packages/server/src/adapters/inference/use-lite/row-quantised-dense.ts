// The int8 dense layer of the converted USE-lite graph: int8 weights per output column, inputs quantised per row (per token).
import { attr, type TensorValues } from '../onnx/onnx-builder.js';

/** What the dense sub-graph needs of the graph being written. */
export interface DenseGraph {
  op(type: string, inputs: string[], attributes?: object[], domain?: string): string;
  constant(values: TensorValues, dims: number[]): string;
}

/** uint8 activations are centred here: a row's values map symmetrically onto 1 … 255. */
const ZERO_POINT = 128;
const ACTIVATION_LIMIT = 127;

/**
 * x · W + b for x of shape [..., inputs], with W given as int8 values [inputs, outputs] and one scale per output
 * column. Each row of x (one token's vector) gets its own symmetric scale, max |x| / 127, so the integers a text's
 * tokens are multiplied with depend on that text alone. onnxruntime's DynamicQuantizeMatMul scales the whole input
 * tensor at once, so a text's vector moved with the texts batched beside it (cosine as low as 0.997 between one text
 * embedded alone and in a batch of 64); per row it does not, and it is also closer to the float graph.
 */
export function rowQuantisedDense(
  g: DenseGraph,
  x: string,
  weights: { values: Int8Array; scales: Float32Array; inputs: number; outputs: number },
  bias: string,
): string {
  const { values, scales, inputs, outputs } = weights;
  const rows = g.op('Reshape', [x, g.constant(BigInt64Array.of(-1n, BigInt(inputs)), [2])]);
  const largest = g.op('ReduceMax', [g.op('Abs', [rows])], [attr.ints('axes', [1]), attr.int('keepdims', 0)]);
  const rowScale = g.op('Max', [
    g.op('Mul', [largest, g.constant(Float32Array.of(1 / ACTIVATION_LIMIT), [])]),
    g.constant(Float32Array.of(1e-12), []), // an all-zero row: any scale gives zeros
  ]);
  const zeroPoints = g.op('Expand', [g.constant(Uint8Array.of(ZERO_POINT), []), g.op('Shape', [rowScale])]);
  const quantised = g.op('QuantizeLinear', [rows, rowScale, zeroPoints], [attr.int('axis', 0)]);
  // (q − 128) · W_int8 × column scales, in float; then × the row's scale, + b.
  const product = g.op(
    'MatMulIntegerToFloat',
    [
      quantised,
      g.constant(values, [inputs, outputs]),
      g.constant(Float32Array.of(1), []),
      g.constant(scales, [outputs]),
      g.constant(Uint8Array.of(ZERO_POINT), []),
    ],
    [],
    'com.microsoft',
  );
  const column = g.constant(BigInt64Array.of(1n), [1]);
  const result = g.op('Add', [g.op('Mul', [product, g.op('Unsqueeze', [rowScale, column])]), bias]);
  const leading = g.op('Slice', [
    g.op('Shape', [x]),
    g.constant(BigInt64Array.of(0n), [1]),
    g.constant(BigInt64Array.of(-1n), [1]),
  ]);
  const shape = g.op('Concat', [leading, g.constant(BigInt64Array.of(BigInt(outputs)), [1])], [attr.int('axis', 0)]);
  return g.op('Reshape', [result, shape]);
}
