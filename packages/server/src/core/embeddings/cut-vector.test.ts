// Cutting an embedding: a rescaled copy of its prefix; the full length and the original are left as they are.
import { describe, expect, it } from 'vitest';
import { cutVector } from './cut-vector.js';

describe('cutVector', () => {
  const joined = Float32Array.from([0.6, 0, 0, 0.8]);

  it('rescales the prefix to unit length, or leaves it as cut', () => {
    expect(Array.from(cutVector(joined, 2, true))).toEqual([1, 0]);
    expect(Array.from(cutVector(joined, 2, false))).toEqual([Math.fround(0.6), 0]);
  });

  it('returns the vector itself at full length and never changes the original', () => {
    expect(cutVector(joined, 4, true)).toBe(joined);
    cutVector(joined, 1, true)[0] = 42;
    expect(Array.from(joined)).toEqual([Math.fround(0.6), 0, 0, Math.fround(0.8)]);
  });
});
