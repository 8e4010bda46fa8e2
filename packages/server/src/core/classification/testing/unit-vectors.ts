// Small unit vectors for the zero-shot tests (an 8-dimensional space): an axis, a weighted blend of vectors, each scaled to length 1.

/** The dimensions of the tests' embedding space. */
const DIM = 8;

/** `v` scaled to length 1. */
const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / n);
};

/** The unit vector along dimension `i`. */
export const axis = (i: number) => unit(Array.from({ length: DIM }, (_, k) => (k === i ? 1 : 0)));

/** The weighted sum of the parts, scaled to length 1. */
export const combine = (...parts: Array<[number, Float32Array]>) =>
  unit(Array.from({ length: DIM }, (_, k) => parts.reduce((s, [w, v]) => s + w * (v[k] as number), 0)));
