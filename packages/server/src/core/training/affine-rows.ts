// Several dot products of one input with rows of a weight matrix, four rows a pass: the same sums, in less time.

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
