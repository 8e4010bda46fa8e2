// Active learning: ranks unlabelled rows by how unsure the model is about them, the least certain first.
import { argmax } from './evaluation.js';

export type UncertaintyStrategy = 'margin' | 'entropy';

export interface RankedRow {
  /** Index of the row in the probabilities given. */
  index: number;
  /** In [0, 1]: 1 − (top − runner-up) for margin, entropy / ln(labels) for entropy. */
  uncertainty: number;
  /** Index of the label the model currently guesses (its highest probability). */
  top: number;
}

function uncertaintyOf(row: readonly number[], strategy: UncertaintyStrategy): number {
  if (row.length < 2) return 0;
  if (strategy === 'entropy') {
    const entropy = row.reduce((sum, p) => (p > 0 ? sum - p * Math.log(p) : sum), 0);
    return entropy / Math.log(row.length);
  }
  let first = Number.NEGATIVE_INFINITY;
  let second = Number.NEGATIVE_INFINITY;
  for (const p of row) {
    if (p > first) {
      second = first;
      first = p;
    } else if (p > second) second = p;
  }
  return 1 - (first - second);
}

/** All rows, the least certain first; rows equally uncertain keep their original order. */
export function rankByUncertainty(probabilities: readonly number[][], strategy: UncertaintyStrategy): RankedRow[] {
  return probabilities
    .map((row, index) => ({
      index,
      uncertainty: uncertaintyOf(row, strategy),
      top: argmax(row),
    }))
    .sort((a, b) => b.uncertainty - a.uncertainty || a.index - b.index);
}
