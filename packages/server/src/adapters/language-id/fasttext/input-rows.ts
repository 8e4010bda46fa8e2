// fastText's input rows as the float32 values fastText's addRowToVector adds: a quantised row is dequantised once, when first used.
import { writeRow } from './matrix.js';
import type { Matrix } from './model-file.js';

/** Rows of room a quantised matrix's values start with; they double as rows are first used. */
const FIRST_CAPACITY = 1024;

/**
 * Adding a row is then `cols` additions, giving fastText's float32 sums to the bit (the same values, each added once,
 * rows in the same order). A quantised matrix's rows go into `values` in the order they are first made ready (row i at
 * slot[i] − 1), which grows as they come: a server that has seen a few texts holds a few thousand of lid.176's 50,000
 * rows, not all 3.2 MB. A dense matrix is used as it is.
 */
export class InputRows {
  private values: Float32Array;
  /** slot[i] − 1: where row i is in values; 0 while it is not there yet. Absent for a dense matrix. */
  private readonly slot: Int32Array | undefined;
  private used = 0;
  private readonly cols: number;

  constructor(private readonly matrix: Matrix) {
    this.cols = matrix.cols;
    const dense = matrix.kind === 'dense';
    this.values = dense ? matrix.data : new Float32Array(Math.min(matrix.rows, FIRST_CAPACITY) * matrix.cols);
    this.slot = dense ? undefined : new Int32Array(matrix.rows);
  }

  /** Makes rows[start, end) ready where they are not yet. */
  prepare(rows: Int32Array, start: number, end: number): void {
    const slot = this.slot;
    if (!slot) return;
    for (let r = start; r < end; r++) {
      const i = rows[r] as number;
      if (slot[i] === 0) this.place(i, slot);
    }
  }

  /** x += each row of rows[start, end), in order; every one of them prepared already. */
  addPrepared(x: Float32Array, rows: Int32Array, start: number, end: number): void {
    const cols = this.cols;
    const values = this.values;
    const slot = this.slot;
    for (let r = start; r < end; r++) {
      const i = rows[r] as number;
      const base = (slot ? (slot[i] as number) - 1 : i) * cols;
      for (let d = 0; d < cols; d++) x[d] = (x[d] as number) + (values[base + d] as number);
    }
  }

  /** x += row i (prepared here when it is not yet). */
  add(x: Float32Array, i: number): void {
    const slot = this.slot;
    if (slot && slot[i] === 0) this.place(i, slot);
    const base = (slot ? (slot[i] as number) - 1 : i) * this.cols;
    for (let d = 0; d < this.cols; d++) x[d] = (x[d] as number) + (this.values[base + d] as number);
  }

  /** Dequantises row i into the next free slot, doubling values when full. */
  private place(i: number, slot: Int32Array): void {
    const cols = this.cols;
    if ((this.used + 1) * cols > this.values.length) {
      const grown = new Float32Array(Math.min(this.matrix.rows, (this.values.length / cols) * 2) * cols);
      grown.set(this.values);
      this.values = grown;
    }
    writeRow(this.matrix, i, this.values, this.used * cols);
    slot[i] = ++this.used;
  }
}
