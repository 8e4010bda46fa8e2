// fastText's input rows as the float32 values fastText's addRowToVector adds: a quantised row is dequantised once, when first used.
import { writeRow } from './matrix.js';
import type { Matrix } from './model-file.js';

/**
 * Adding a row is then `cols` additions, giving fastText's float32 sums to the bit (the same values, each added once,
 * rows in the same order). A quantised matrix's rows fill one Float32Array of rows × cols as they are first made
 * ready (its pages become resident only as they are touched); a dense matrix is used as it is.
 */
export class InputRows {
  private readonly values: Float32Array;
  /** ready[i] = 1 once row i is in values; absent for a dense matrix. */
  private readonly ready: Uint8Array | undefined;
  private readonly cols: number;

  constructor(private readonly matrix: Matrix) {
    this.cols = matrix.cols;
    this.values = matrix.kind === 'dense' ? matrix.data : new Float32Array(matrix.rows * matrix.cols);
    this.ready = matrix.kind === 'dense' ? undefined : new Uint8Array(matrix.rows);
  }

  /** Makes rows[start, end) ready where they are not yet. */
  prepare(rows: Int32Array, start: number, end: number): void {
    const ready = this.ready;
    if (!ready) return;
    for (let r = start; r < end; r++) {
      const i = rows[r] as number;
      if (ready[i] === 0) {
        writeRow(this.matrix, i, this.values, i * this.cols);
        ready[i] = 1;
      }
    }
  }

  /** x += each row of rows[start, end), in order; every one of them prepared already. */
  addPrepared(x: Float32Array, rows: Int32Array, start: number, end: number): void {
    const cols = this.cols;
    const values = this.values;
    for (let r = start; r < end; r++) {
      const base = (rows[r] as number) * cols;
      for (let d = 0; d < cols; d++) x[d] = (x[d] as number) + (values[base + d] as number);
    }
  }

  /** x += row i (prepared here when it is not yet). */
  add(x: Float32Array, i: number): void {
    const base = i * this.cols;
    if (this.ready?.[i] === 0) {
      writeRow(this.matrix, i, this.values, base);
      this.ready[i] = 1;
    }
    for (let d = 0; d < this.cols; d++) x[d] = (x[d] as number) + (this.values[base + d] as number);
  }
}
