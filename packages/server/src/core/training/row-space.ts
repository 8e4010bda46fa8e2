// The span of a few long rows in its own orthonormal coordinates (pivoted Cholesky of their Gram matrix), so an L2 fit on fewer examples than dimensions runs in as many coordinates as examples.
import { addScaledRows } from './affine-rows.js';
import { gramOfMatrix } from './gram.js';

/** Rows of `dim` values, row-major, as their coordinates in an orthonormal basis of their span. */
export interface RowSpace {
  /** The span's dimension (at most the number of rows): rows that add nothing new (duplicates) do not count. */
  rank: number;
  /** Each row's coordinates in the basis (rows × rank, row-major); their dot products are the rows' own. */
  coordinates: Float64Array;
  /**
   * Each row's count of leading coordinates that may be nonzero (the rest are zero): the pivot taken k-th has
   * coordinates 0 … k only, a row that added nothing has all `rank`. Loops over a row's coordinates may stop there.
   */
  widths: Int32Array;
  /** Weights over the basis (k × rank, row-major) as weights over the rows' `dim` values (k × dim). */
  lift(weights: Float64Array, k: number): Float64Array;
  /** Weights over the `dim` values (k × dim) as weights over the basis (k × rank): the part in the span, which alone meets the rows. */
  project(weights: Float64Array, k: number): Float64Array;
}

/**
 * The basis is Q = X_Pᵀ·L_PP⁻ᵀ for the pivot rows P and the pivoted Cholesky factor L of the Gram matrix X·Xᵀ, so a
 * row's coordinates are its row of L; a row whose remaining squared norm is under `tolerance` times the largest
 * squared row norm lies in the span of the pivots already taken (up to that tolerance) and adds no coordinate.
 * `gram`, when given, is the rows' Gram matrix (gramOf): fits on subsets of one training's examples cut theirs from
 * one computed for all.
 */
export function rowSpace(
  rows: Float64Array,
  count: number,
  dim: number,
  options: { tolerance?: number; gram?: Float64Array } = {},
): RowSpace {
  const tolerance = options.tolerance ?? 1e-12;
  if (options.gram && options.gram.length !== count * count)
    throw new Error(`the Gram matrix given has ${options.gram.length} entries, not ${count * count}`);
  const gram = options.gram ?? gramOfMatrix(rows, count, dim);
  // factor[i * count + k]: row i's k-th coordinate; remaining[i]: its squared norm outside the pivots' span so far.
  const factor = new Float64Array(count * count);
  const remaining = Float64Array.from({ length: count }, (_, i) => gram[i * count + i] as number);
  const largest = remaining.reduce((m, v) => Math.max(m, v), 0);
  const pivots: number[] = [];
  const taken = new Uint8Array(count);
  for (let k = 0; k < count; k += 1) {
    let pivot = -1;
    for (let i = 0; i < count; i += 1)
      if (!taken[i] && (pivot < 0 || (remaining[i] as number) > (remaining[pivot] as number))) pivot = i;
    if (pivot < 0 || !((remaining[pivot] as number) > tolerance * largest)) break;
    taken[pivot] = 1;
    pivots.push(pivot);
    const diagonal = Math.sqrt(remaining[pivot] as number);
    factor[pivot * count + k] = diagonal;
    for (let i = 0; i < count; i += 1) {
      if (taken[i]) continue;
      let value = gram[i * count + pivot] as number;
      for (let j = 0; j < k; j += 1) value -= (factor[i * count + j] as number) * (factor[pivot * count + j] as number);
      value /= diagonal;
      factor[i * count + k] = value;
      remaining[i] = (remaining[i] as number) - value * value;
    }
  }
  const rank = pivots.length;
  const widths = new Int32Array(count).fill(rank);
  pivots.forEach((row, k) => (widths[row] = k + 1));
  const coordinates = new Float64Array(count * rank);
  for (let i = 0; i < count; i += 1)
    for (let k = 0; k < rank; k += 1) coordinates[i * rank + k] = factor[i * count + k] as number;
  /** L_PP[a][j]: pivot a's j-th coordinate (zero above the diagonal). */
  const pivotFactor = (a: number, j: number) => coordinates[(pivots[a] as number) * rank + j] as number;

  const lift = (weights: Float64Array, k: number): Float64Array => {
    const lifted = new Float64Array(k * dim);
    const solved = new Float64Array(rank);
    for (let c = 0; c < k; c += 1) {
      // solved · L_PP = weights[c] (back substitution), then lifted[c] = solved · X_P.
      for (let j = rank - 1; j >= 0; j -= 1) {
        let value = weights[c * rank + j] as number;
        for (let a = j + 1; a < rank; a += 1) value -= (solved[a] as number) * pivotFactor(a, j);
        solved[j] = value / pivotFactor(j, j);
      }
      addScaledRows(lifted, c * dim, solved, pivots, rows, dim);
    }
    return lifted;
  };

  const project = (weights: Float64Array, k: number): Float64Array => {
    const projected = new Float64Array(k * rank);
    for (let c = 0; c < k; c += 1) {
      // products = weights[c] · X_Pᵀ, then projected[c] · L_PPᵀ = products (forward substitution).
      for (let a = 0; a < rank; a += 1) {
        const row = (pivots[a] as number) * dim;
        let value = 0;
        for (let t = 0; t < dim; t += 1) value += (weights[c * dim + t] as number) * (rows[row + t] as number);
        for (let j = 0; j < a; j += 1) value -= (projected[c * rank + j] as number) * pivotFactor(a, j);
        projected[c * rank + a] = value / pivotFactor(a, a);
      }
    }
    return projected;
  };

  return { rank, coordinates, widths, lift, project };
}
