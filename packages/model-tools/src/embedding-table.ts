// Build-time transforms of a word-embedding table: Zipf frequencies, SIF weights, common-component removal.

/** Unigram probability of the words at the given 1-based frequency ranks, under Zipf's law over `total` words. */
export function zipfProbabilities(ranks: ArrayLike<number>, total: number): Float64Array {
  let harmonic = 0;
  for (let r = total; r >= 1; r--) harmonic += 1 / r;
  return Float64Array.from(ranks, (rank) => 1 / (rank * harmonic));
}

/** Scales row i by a / (a + p[i]) (smooth inverse frequency); row 0 stays zeros. */
export function applySifWeights(
  table: Float32Array,
  dimension: number,
  probabilities: ArrayLike<number>,
  a: number,
): void {
  const rows = table.length / dimension;
  for (let row = 1; row < rows; row++) {
    const weight = a / (a + (probabilities[row] ?? 0));
    for (let d = row * dimension; d < (row + 1) * dimension; d++) table[d] = (table[d] as number) * weight;
  }
}

/** Scales every non-zero row to unit length. */
export function normaliseRows(table: Float32Array, dimension: number): void {
  const rows = table.length / dimension;
  for (let row = 1; row < rows; row++) {
    let sum = 0;
    for (let d = row * dimension; d < (row + 1) * dimension; d++) sum += (table[d] as number) ** 2;
    const norm = Math.sqrt(sum);
    if (norm === 0) continue;
    for (let d = row * dimension; d < (row + 1) * dimension; d++) table[d] = (table[d] as number) / norm;
  }
}

function secondMoment(table: Float32Array, dimension: number, weights: ArrayLike<number>): Float64Array {
  const m = new Float64Array(dimension * dimension);
  const rows = table.length / dimension;
  const v = new Float64Array(dimension);
  for (let row = 1; row < rows; row++) {
    const w = weights[row] ?? 0;
    if (w === 0) continue;
    for (let d = 0; d < dimension; d++) v[d] = table[row * dimension + d] as number;
    for (let i = 0; i < dimension; i++) {
      const wi = w * (v[i] as number);
      for (let j = i; j < dimension; j++)
        m[i * dimension + j] = (m[i * dimension + j] as number) + wi * (v[j] as number);
    }
  }
  for (let i = 0; i < dimension; i++) for (let j = 0; j < i; j++) m[i * dimension + j] = m[j * dimension + i] as number;
  return m;
}

function topEigenvector(m: Float64Array, dimension: number, found: Float64Array[]): Float64Array {
  let v = Float64Array.from({ length: dimension }, (_, i) => 1 + i / dimension);
  for (let iteration = 0; iteration < 1000; iteration++) {
    const next = new Float64Array(dimension);
    for (let i = 0; i < dimension; i++) {
      let sum = 0;
      for (let j = 0; j < dimension; j++) sum += (m[i * dimension + j] as number) * (v[j] as number);
      next[i] = sum;
    }
    for (const u of found) {
      let dot = 0;
      for (let i = 0; i < dimension; i++) dot += (next[i] as number) * (u[i] as number);
      for (let i = 0; i < dimension; i++) next[i] = (next[i] as number) - dot * (u[i] as number);
    }
    const norm = Math.hypot(...next);
    if (norm === 0) return next;
    let change = 0;
    for (let i = 0; i < dimension; i++) {
      next[i] = (next[i] as number) / norm;
      change = Math.max(change, Math.abs((next[i] as number) - (v[i] as number)));
    }
    v = next;
    if (change < 1e-12) break;
  }
  return v;
}

/**
 * The k leading principal directions (uncentred, as in SIF) of the rows weighted by `weights`
 * (weights[i] for row i; row 0 ignored). Deterministic: fixed start vector and iteration order.
 */
export function principalDirections(
  table: Float32Array,
  dimension: number,
  weights: ArrayLike<number>,
  k: number,
): Float64Array[] {
  const m = secondMoment(table, dimension, weights);
  const found: Float64Array[] = [];
  for (let i = 0; i < k; i++) found.push(topEigenvector(m, dimension, found));
  return found;
}

/** Projects every row onto the complement of the given unit directions: v − Σ (v·u) u. */
export function removeDirections(table: Float32Array, dimension: number, directions: Float64Array[]): void {
  const rows = table.length / dimension;
  for (let row = 1; row < rows; row++) {
    const base = row * dimension;
    for (const u of directions) {
      let dot = 0;
      for (let d = 0; d < dimension; d++) dot += (table[base + d] as number) * (u[d] as number);
      for (let d = 0; d < dimension; d++) table[base + d] = (table[base + d] as number) - dot * (u[d] as number);
    }
  }
}
