// Small vector helpers over Float32Array embeddings.

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

export function normalize(v: Float32Array): Float32Array {
  const norm = Math.sqrt(dot(v, v));
  if (norm === 0) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i += 1) out[i] = (v[i] ?? 0) / norm;
  return out;
}

/** Normalised mean of unit vectors (a prototype). */
export function meanDirection(vectors: Float32Array[], dimension: number): Float32Array {
  const sum = new Float32Array(dimension);
  for (const v of vectors) for (let i = 0; i < dimension; i += 1) sum[i] = (sum[i] ?? 0) + (v[i] ?? 0);
  return normalize(sum);
}

export function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((x) => Math.exp(x - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((x) => x / total);
}
