// Pools token embeddings [rows, sequence, hidden] into one vector per row (mean / CLS / max, as 1_Pooling/config.json says).

export type PoolingMode = 'mean' | 'cls' | 'max';

const FLAGS: ReadonlyMap<string, PoolingMode> = new Map([
  ['pooling_mode_mean_tokens', 'mean'],
  ['pooling_mode_cls_token', 'cls'],
  ['pooling_mode_max_tokens', 'max'],
]);
const UNSUPPORTED = ['pooling_mode_mean_sqrt_len_tokens', 'pooling_mode_weightedmean_tokens', 'pooling_mode_lasttoken'];

/** Reads a sentence-transformers pooling config; exactly one of mean / CLS / max must be on. */
export function parsePoolingConfig(json: unknown): PoolingMode {
  const config = (json ?? {}) as Record<string, unknown>;
  if (typeof config.pooling_mode === 'string' && ['mean', 'cls', 'max'].includes(config.pooling_mode))
    return config.pooling_mode as PoolingMode;
  const isOn = (key: string) => Object.hasOwn(config, key) && config[key] === true;
  const on = [...FLAGS.keys()].filter(isOn);
  const unsupported = UNSUPPORTED.filter(isOn);
  if (unsupported.length > 0) throw new Error(`unsupported pooling: ${unsupported.join(', ')}`);
  if (on.length > 1) throw new Error(`several pooling modes at once are not supported: ${on.join(', ')}`);
  return on.length === 1 ? (FLAGS.get(on[0] as string) as PoolingMode) : 'mean';
}

/**
 * Pools each row of hidden (row-major [rows, sequence, hiddenSize]) over the positions where mask is 1.
 * A row whose mask is all zero pools to zeros.
 */
export function poolTokens(
  hidden: Float32Array,
  mask: BigInt64Array,
  rows: number,
  sequence: number,
  hiddenSize: number,
  mode: PoolingMode,
): Float32Array[] {
  const out: Float32Array[] = [];
  for (let r = 0; r < rows; r++) {
    const vector = new Float32Array(hiddenSize);
    const base = r * sequence * hiddenSize;
    if (mode === 'cls') {
      vector.set(hidden.subarray(base, base + hiddenSize));
      out.push(vector);
      continue;
    }
    let count = 0;
    if (mode === 'max') vector.fill(-Infinity);
    for (let t = 0; t < sequence; t++) {
      if (mask[r * sequence + t] === 0n) continue;
      count++;
      const offset = base + t * hiddenSize;
      for (let h = 0; h < hiddenSize; h++) {
        const value = hidden[offset + h] as number;
        if (mode === 'mean') vector[h] = (vector[h] as number) + value;
        else if (value > (vector[h] as number)) vector[h] = value;
      }
    }
    if (count === 0) vector.fill(0);
    else if (mode === 'mean') for (let h = 0; h < hiddenSize; h++) vector[h] = (vector[h] as number) / count;
    out.push(vector);
  }
  return out;
}

/** Scales v in place to unit length (a zero vector stays zero); returns v. */
export function l2Normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}
