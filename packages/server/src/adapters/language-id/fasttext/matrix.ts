// fastText's matrix rows in float32: row(i) as the values fastText adds, and row(i) · x, over dense or product-quantised rows.
import type { Matrix, ProductQuantizer } from './model-file.js';

// fastText computes in float32 (its `real`); every operation below is rounded to float32 the same way (fround after
// each +, ×, / is exact float arithmetic), so scores near the pruning floor fall on the same side as in fastText.
export const f32 = Math.fround;

function centroidOffset(pq: ProductQuantizer, m: number, code: number): number {
  return m === pq.nsubq - 1 ? m * 256 * pq.dsub + code * pq.lastdsub : (m * 256 + code) * pq.dsub;
}

/** The quantised norm of row i when norms were quantised apart (qnorm), else 1. */
function rowNorm(matrix: Extract<Matrix, { kind: 'quant' }>, i: number): number {
  const { normCodes, normPq } = matrix;
  return normCodes && normPq ? (normPq.centroids[centroidOffset(normPq, 0, normCodes[i] as number)] as number) : 1;
}

/**
 * Row i as fastText's Matrix::addRowToVector adds it, written to out from `at`: each value is exactly the float32 it
 * adds to x there (a quantised row's centroid times its norm), so adding these in order gives fastText's sums to the bit.
 */
export function writeRow(matrix: Matrix, i: number, out: Float32Array, at: number): void {
  if (matrix.kind === 'dense') {
    out.set(matrix.data.subarray(i * matrix.cols, (i + 1) * matrix.cols), at);
    return;
  }
  const { pq, codes } = matrix;
  const { nsubq, dsub, lastdsub, centroids } = pq;
  const alpha = rowNorm(matrix, i);
  const codeBase = nsubq * i;
  for (let m = 0; m < nsubq; m++) {
    const c = centroidOffset(pq, m, codes[codeBase + m] as number);
    const width = m === nsubq - 1 ? lastdsub : dsub;
    for (let n = 0; n < width; n++) out[at + m * dsub + n] = f32(alpha * (centroids[c + n] as number));
  }
}

/** row(i) · x (Matrix::dotRow). */
export function dotRow(matrix: Matrix, x: Float32Array, i: number): number {
  let sum = 0;
  if (matrix.kind === 'dense') {
    const { data, cols } = matrix;
    const base = i * cols;
    for (let d = 0; d < cols; d++) sum = f32(sum + f32((data[base + d] as number) * (x[d] as number)));
    return sum;
  }
  const { pq } = matrix;
  const norm = rowNorm(matrix, i);
  const codeBase = pq.nsubq * i;
  for (let m = 0; m < pq.nsubq; m++) {
    const c = centroidOffset(pq, m, matrix.codes[codeBase + m] as number);
    const width = m === pq.nsubq - 1 ? pq.lastdsub : pq.dsub;
    for (let n = 0; n < width; n++)
      sum = f32(sum + f32((x[m * pq.dsub + n] as number) * (pq.centroids[c + n] as number)));
  }
  return f32(sum * norm);
}
