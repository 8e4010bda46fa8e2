// The zero-shot scoring variants eval-zero-shot compares: pooled label texts, optionally centred and less a margin.

/** One label's embedded texts and their weights. */
export interface LabelVectors {
  texts: Float32Array[];
  weights: number[];
}

export const dotOf = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};
export const unit = (v: Float32Array) => {
  const n = Math.sqrt(dotOf(v, v)) || 1;
  return v.map((x) => x / n);
};
export const minus = (a: Float32Array, b: Float32Array) => a.map((x, i) => x - (b[i] as number));
export function weightedMean(vectors: Float32Array[], weights: number[]): Float32Array {
  const out = new Float32Array(vectors[0]?.length ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  vectors.forEach((v, j) => v.forEach((x, i) => (out[i] = (out[i] as number) + (x * (weights[j] as number)) / total)));
  return out;
}

/** Mean direction, nearest text, or a weighted log-sum-exp over the texts at this sharpness (pool β). */
export type Pool = 'mean' | 'nearest' | number;
export interface Variant {
  name: string;
  pool: Pool;
  centre: boolean;
  margin: boolean;
}

/** One label's similarity to a text under a pooling rule over its texts. */
export function pooled(pool: Pool, label: LabelVectors, meanVector: Float32Array, e: Float32Array): number {
  if (pool === 'mean') return dotOf(e, meanVector);
  if (pool === 'nearest') return Math.max(...label.texts.map((t) => dotOf(e, t)));
  const beta = pool;
  const sims = label.texts.map((t) => dotOf(e, t));
  const top = Math.max(...sims);
  const total = label.weights.reduce((a, b) => a + b, 0);
  const s = sims.reduce((acc, x, i) => acc + ((label.weights[i] as number) / total) * Math.exp(beta * (x - top)), 0);
  return top + Math.log(s) / beta;
}

/** A scorer for one variant: label texts (optionally centred on the mean over labels), then a per-label margin. */
export function scorer(variant: Variant, labels: LabelVectors[]): (e: Float32Array) => number[] {
  const centre = variant.centre
    ? weightedMean(
        labels.map((l) => weightedMean(l.texts, l.weights)),
        labels.map(() => 1),
      )
    : new Float32Array(labels[0]?.texts[0]?.length ?? 0);
  const shifted = labels.map((l) => ({ texts: l.texts.map((t) => unit(minus(t, centre))), weights: l.weights }));
  const means = shifted.map((l) => unit(weightedMean(l.texts, l.weights)));
  const raw = (e: Float32Array) => shifted.map((l, j) => pooled(variant.pool, l, means[j] as Float32Array, e));
  // Margin: a label's similarity less its mean similarity to the other labels' texts (how much any text resembles it).
  const bias = shifted.map((l, j) => {
    if (!variant.margin) return 0;
    const others = shifted.flatMap((o, k) => (k === j ? [] : o.texts));
    return others.reduce((a, t) => a + pooled(variant.pool, l, means[j] as Float32Array, t), 0) / others.length;
  });
  return (e) => {
    const x = unit(minus(e, centre));
    return raw(x).map((s, j) => s - (bias[j] as number));
  };
}

export const VARIANTS: Variant[] = [];
for (const pool of ['mean', 'nearest', 5, 10, 15, 20, 30] as const)
  for (const centre of [false, true])
    for (const margin of [false, true])
      VARIANTS.push({
        name: `${typeof pool === 'number' ? `pool β=${pool}` : pool}${centre ? ' centred' : ''}${margin ? ' margin' : ''}`,
        pool,
        centre,
        margin,
      });
