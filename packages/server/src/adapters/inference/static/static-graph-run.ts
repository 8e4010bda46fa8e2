// Runs the static-embedding graph in JavaScript, bit for bit as onnxruntime runs it on one text (a batch of 1).
import type { StaticGraphLayout } from './static-graph-recognise.js';
import type { StaticRows } from './static-rows.js';

const f = Math.fround;

/**
 * The graph of buildStaticEmbeddingModel for one text, with float32 rounding after every operation and the sums
 * in the order onnxruntime's CPU kernels use for a [1, T, D] input (found by comparison on the built-in encoders
 * and random token sequences of 1 to 4,096 tokens; the tests hold it to onnxruntime on thousands of texts):
 * - ReduceSum over tokens: each dimension summed token after token from zero (the MLAS one-row matrix product
 *   onnxruntime reduces [1, T, D] over T with).
 * - ReduceSum of the squares over D: Eigen's vectorised linear reduction with SSE packets of 4 on an aligned
 *   buffer: two packet accumulators over 8 values at a time, their sum, one more packet if 4 remain, the packet
 *   summed as (p0 + p2) + (p1 + p3), then the last D mod 4 values one by one (under 4 values: one by one).
 * Each text gets its batch-of-1 answer whatever texts run beside it. onnxruntime itself, given a padded batch,
 * reduces in other groupings, so there a text's vector could differ in its last bits with its batch neighbours.
 * Sums start from +0 (so -0 rows give +0). A text with no known token is what onnxruntime gives one padding cell:
 * row 0 times a zero mask, a zero vector.
 */
export class StaticGraph {
  private readonly sum: Float32Array;
  private readonly mean: Float32Array;

  constructor(
    private readonly rows: StaticRows,
    private readonly layout: Pick<StaticGraphLayout, 'one' | 'epsilon'>,
  ) {
    this.sum = new Float32Array(rows.dimension);
    this.mean = new Float32Array(rows.dimension);
  }

  /** The L2-normalised mean of the ids' rows. */
  embed(ids: Int32Array): Float32Array {
    const dimension = this.rows.dimension;
    const { sum, mean } = this;
    sum.fill(0);
    if (ids.length === 0) {
      const { values, offset } = this.rows.row(0);
      for (let d = 0; d < dimension; d++) sum[d] = (sum[d] as number) + (values[offset + d] as number) * 0;
    }
    for (let t = 0; t < ids.length; t++) {
      const { values, offset } = this.rows.row(ids[t] as number);
      for (let d = 0; d < dimension; d++) sum[d] = (sum[d] as number) + (values[offset + d] as number);
    }
    const count = f(Math.max(ids.length, this.layout.one));
    for (let d = 0; d < dimension; d++) mean[d] = (sum[d] as number) / count;
    const norm = f(Math.max(f(Math.sqrt(sumOfSquares(mean))), this.layout.epsilon));
    const output = new Float32Array(dimension);
    for (let d = 0; d < dimension; d++) output[d] = (mean[d] as number) / norm;
    return output;
  }
}

/** Σ x² in the order of Eigen's SSE linear reduction (see StaticGraph); every step rounded to float32. */
export function sumOfSquares(values: Float32Array): number {
  const n = values.length;
  const square = (i: number) => f((values[i] as number) * (values[i] as number));
  if (n < 4) {
    let total = square(0);
    for (let i = 1; i < n; i++) total = f(total + square(i));
    return total;
  }
  const packed = n - (n % 4);
  const packed2 = n - (n % 8);
  let a0 = square(0);
  let a1 = square(1);
  let a2 = square(2);
  let a3 = square(3);
  if (packed > 4) {
    let b0 = square(4);
    let b1 = square(5);
    let b2 = square(6);
    let b3 = square(7);
    for (let i = 8; i < packed2; i += 8) {
      a0 = f(a0 + square(i));
      a1 = f(a1 + square(i + 1));
      a2 = f(a2 + square(i + 2));
      a3 = f(a3 + square(i + 3));
      b0 = f(b0 + square(i + 4));
      b1 = f(b1 + square(i + 5));
      b2 = f(b2 + square(i + 6));
      b3 = f(b3 + square(i + 7));
    }
    a0 = f(a0 + b0);
    a1 = f(a1 + b1);
    a2 = f(a2 + b2);
    a3 = f(a3 + b3);
    if (packed > packed2) {
      a0 = f(a0 + square(packed2));
      a1 = f(a1 + square(packed2 + 1));
      a2 = f(a2 + square(packed2 + 2));
      a3 = f(a3 + square(packed2 + 3));
    }
  }
  let total = f(f(a0 + a2) + f(a1 + a3));
  for (let i = packed; i < n; i++) total = f(total + square(i));
  return total;
}
