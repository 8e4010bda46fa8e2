// The candidates a training cross-validates: every regression, and the MLP only where it can stop early.
import { describe, expect, it } from 'vitest';
import { candidateRecipes, mlpCanStopEarly } from './recipe-candidates.js';

describe('candidateRecipes', () => {
  it("lets 'auto' try the MLP once a fold can spare an early-stopping slice of 5 examples per label", () => {
    const labelsOf = (...counts: number[]) => counts.flatMap((n, label) => Array<number>(n).fill(label));
    expect(mlpCanStopEarly(labelsOf(70, 63))).toBe(true);
    expect(mlpCanStopEarly(labelsOf(70, 56))).toBe(false);
    expect(candidateRecipes('auto').map((c) => c.kind)).toContain('mlp');
    expect(candidateRecipes('linear').map((c) => c.kind)).not.toContain('mlp');
    expect(candidateRecipes('mlp', { hiddenUnits: 8 })).toEqual([
      { kind: 'mlp', hiddenUnits: 8, l2: 1e-3, maxEpochs: 200 },
    ]);
  });
});
