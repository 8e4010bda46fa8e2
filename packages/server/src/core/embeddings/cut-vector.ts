// Cuts an embedding to its first values and rescales it to unit length (a copy; cached vectors are never changed).
import { normalize } from '../classification/vectors.js';

export function cutVector(vector: Float32Array, dimensions: number, rescale: boolean): Float32Array {
  if (dimensions >= vector.length) return vector;
  const prefix = vector.slice(0, dimensions);
  return rescale ? normalize(prefix) : prefix;
}
