// Deterministic pseudo-random numbers (mulberry32) for synthetic weights: same seed, same bytes.

/** Returns a generator of floats in [0, 1) determined by seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n values uniform in [-scale·√3, scale·√3] (standard deviation `scale`), plus `offset`. */
export function uniformValues(random: () => number, n: number, scale: number, offset = 0): Float32Array {
  const out = new Float32Array(n);
  const width = 2 * scale * Math.sqrt(3);
  for (let i = 0; i < n; i++) out[i] = offset + (random() - 0.5) * width;
  return out;
}
