// The Gram matrix of a training's example rows (every pair's dot product, in float64), computed once and cut down for each subset a fit reads.
import { affineRows } from './affine-rows.js';

/** Every pair's dot product of `count` rows of `dim` values (row-major), as a count × count matrix. */
export function gramOfMatrix(rows: Float64Array, count: number, dim: number): Float64Array {
  const gram = new Float64Array(count * count);
  const zeros = new Float64Array(count);
  const products = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    // Row i's products with rows i … count − 1, each summed from 0 in order of t (affineRows: four rows a pass).
    affineRows(rows.subarray(i * dim), dim, count - i, zeros, 0, rows, i * dim, dim, products);
    for (let j = i; j < count; j += 1) {
      const sum = products[j - i] as number;
      gram[i * count + j] = sum;
      gram[j * count + i] = sum;
    }
  }
  return gram;
}

/** The Gram matrix of the rows as they are read in float64 (the same sums a fit on their float64 copy computes). */
export function gramOf(rows: readonly Float32Array[]): Float64Array {
  const dim = rows[0]?.length ?? 0;
  const matrix = new Float64Array(rows.length * dim);
  rows.forEach((row, r) => matrix.set(row, r * dim));
  return gramOfMatrix(matrix, rows.length, dim);
}

/** The Gram matrix of a subset: the rows and columns `indices` (in that order) of a Gram matrix of `count` rows. */
export function gramOfSubset(gram: Float64Array, count: number, indices: readonly number[]): Float64Array {
  const size = indices.length;
  const subset = new Float64Array(size * size);
  indices.forEach((row, i) => {
    const from = row * count;
    indices.forEach((column, j) => (subset[i * size + j] = gram[from + column] as number));
  });
  return subset;
}

/**
 * The Gram matrix worth sharing among fits on subsets of these rows: only when the smallest subset a fit reads has
 * fewer rows than values per row, as only then does a fit run in the rows' span (rowSpace), which starts from it.
 */
export function sharedGram(rows: readonly Float32Array[], smallestFit: number): Float64Array | undefined {
  return smallestFit < (rows[0]?.length ?? 0) ? gramOf(rows) : undefined;
}

/**
 * The Gram matrices a training's fits share, for `count` examples of which `train` (indices) is the training part and
 * `folds` its cross-validation: `ofView` gives a view's matrix over every example (when its smallest fit, one fold's
 * training rows, runs in the span), `ofTrain` cuts the training part's out of it as a fit's option.
 */
export function trainingGrams(count: number, train: readonly number[], folds: number) {
  const smallestFit = folds >= 2 ? train.length - Math.ceil(train.length / folds) : train.length;
  return {
    ofView: (rows: readonly Float32Array[]) => sharedGram(rows, smallestFit),
    ofTrain: (gram: Float64Array | undefined) => (gram ? { gram: gramOfSubset(gram, count, train) } : {}),
  };
}
