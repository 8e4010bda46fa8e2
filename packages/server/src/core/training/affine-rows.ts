// Row kernels of training, four rows a pass: dot products of one input with several rows, and a combination of rows added to a target; the same sums, in less time.

/**
 * out[r] = start[startAt + r] + Σ_{i < width} weights[r·stride + i] · input[inputAt + i] for r < rows, each sum taken
 * in order of i, exactly as one loop a row takes it. Four rows share a pass over the input: their sums are independent,
 * so the processor works on four at once instead of waiting for each addition in turn (about twice as fast; the
 * bits are the same, the order of each row's additions being unchanged).
 */
export function affineRows(
  weights: Float64Array,
  stride: number,
  rows: number,
  start: Float64Array,
  startAt: number,
  input: Float64Array,
  inputAt: number,
  width: number,
  out: Float64Array,
): void {
  let r = 0;
  for (; r + 3 < rows; r += 4) {
    const [a, b, c, d] = [r * stride, (r + 1) * stride, (r + 2) * stride, (r + 3) * stride];
    let sumA = start[startAt + r] as number;
    let sumB = start[startAt + r + 1] as number;
    let sumC = start[startAt + r + 2] as number;
    let sumD = start[startAt + r + 3] as number;
    for (let i = 0; i < width; i += 1) {
      const v = input[inputAt + i] as number;
      sumA += (weights[a + i] as number) * v;
      sumB += (weights[b + i] as number) * v;
      sumC += (weights[c + i] as number) * v;
      sumD += (weights[d + i] as number) * v;
    }
    out[r] = sumA;
    out[r + 1] = sumB;
    out[r + 2] = sumC;
    out[r + 3] = sumD;
  }
  for (; r < rows; r += 1) {
    const from = r * stride;
    let sum = start[startAt + r] as number;
    for (let i = 0; i < width; i += 1) sum += (weights[from + i] as number) * (input[inputAt + i] as number);
    out[r] = sum;
  }
}

/**
 * target[at + t] += Σ_a scales[a] · rows[of[a]·dim + t] for t < dim, the terms added in order of a as one pass a row
 * would, but four rows a pass over the target (one load and store of each value per four terms instead of per term).
 */
export function addScaledRows(
  target: Float64Array,
  at: number,
  scales: Float64Array,
  of: readonly number[],
  rows: Float64Array,
  dim: number,
): void {
  let a = 0;
  for (; a + 3 < of.length; a += 4) {
    const [sA, sB, sC, sD] = [scales[a], scales[a + 1], scales[a + 2], scales[a + 3]] as number[];
    const [rA, rB, rC, rD] = [of[a], of[a + 1], of[a + 2], of[a + 3]].map((row) => (row as number) * dim) as number[];
    for (let t = 0; t < dim; t += 1) {
      let value = target[at + t] as number;
      value += (sA as number) * (rows[(rA as number) + t] as number);
      value += (sB as number) * (rows[(rB as number) + t] as number);
      value += (sC as number) * (rows[(rC as number) + t] as number);
      value += (sD as number) * (rows[(rD as number) + t] as number);
      target[at + t] = value;
    }
  }
  for (; a < of.length; a += 1) {
    const s = scales[a] as number;
    const row = (of[a] as number) * dim;
    for (let t = 0; t < dim; t += 1) target[at + t] = (target[at + t] as number) + s * (rows[row + t] as number);
  }
}

/**
 * target[rows[k]·stride + i] += scales[k] · input[inputAt + i] for k < rows.length and i < width (a rank-one update of
 * the listed rows), four rows a pass over the input: each value gets its one term, as one pass a row would add it.
 */
export function addOuterProduct(
  target: Float64Array,
  stride: number,
  scales: Float64Array,
  rows: readonly number[],
  input: Float64Array,
  inputAt: number,
  width: number,
): void {
  let k = 0;
  for (; k + 3 < rows.length; k += 4) {
    const [a, b, c, d] = [rows[k], rows[k + 1], rows[k + 2], rows[k + 3]].map((row) => (row as number) * stride) as [
      number,
      number,
      number,
      number,
    ];
    const [sA, sB, sC, sD] = [scales[k], scales[k + 1], scales[k + 2], scales[k + 3]] as [
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < width; i += 1) {
      const v = input[inputAt + i] as number;
      target[a + i] = (target[a + i] as number) + sA * v;
      target[b + i] = (target[b + i] as number) + sB * v;
      target[c + i] = (target[c + i] as number) + sC * v;
      target[d + i] = (target[d + i] as number) + sD * v;
    }
  }
  for (; k < rows.length; k += 1) {
    const from = (rows[k] as number) * stride;
    const s = scales[k] as number;
    for (let i = 0; i < width; i += 1)
      target[from + i] = (target[from + i] as number) + s * (input[inputAt + i] as number);
  }
}
