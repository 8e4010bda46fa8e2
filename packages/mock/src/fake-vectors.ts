// Deterministic stand-in vectors for the mock: the same text always gets the same unit vector, so answers are stable.
import { createHash } from 'node:crypto';

/** A pseudo-random vector of `dimensions` values drawn from the text's hash; unit length unless `normalize` is false. */
export function fakeVector(text: string, dimensions: number, normalize = true): number[] {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  const next = () => {
    // mulberry32: a small, well-known 32-bit generator; enough for stand-in numbers.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const values = Array.from({ length: dimensions }, () => next() * 2 - 1);
  if (!normalize) return values;
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

/** Float32 little-endian bytes in base64: the wire form of `encoding_format: "base64"`. */
export function base64Vector(values: readonly number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

/** Cosine of two unit vectors mapped onto [0, 1] and rounded to six decimals as the server rounds similarities. */
export function fakeSimilarity(a: readonly number[], b: readonly number[]): number {
  const cosine = a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
  return Math.round(((cosine + 1) / 2) * 1e6) / 1e6;
}
