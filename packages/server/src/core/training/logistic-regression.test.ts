// The full-batch logistic regression: the known optimum of small sets, separable or not, deterministic, warm starts.
import { describe, expect, it } from 'vitest';
import { fitLogisticPath, fitLogisticRegression, type LinearModel } from './logistic-regression.js';
import { gramOf } from './gram.js';
import { minimizeLbfgs } from './lbfgs.js';
import { clusters } from './testing/clusters.js';
import type { LabelledEmbedding } from './trainer.js';

const point = (x: number, label: number): LabelledEmbedding => ({ embedding: Float32Array.of(x), label });
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Root of a decreasing-then-increasing derivative by bisection on [0, 50]. */
function bisect(derivative: (u: number) => number): number {
  let [lo, hi] = [0, 50];
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (derivative(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('fitLogisticRegression', () => {
  // x = +1 is class 0 with probability p, x = −1 is class 1 with probability p. By symmetry the biases are equal and
  // w0 = −w1 = u / 2, so the objective is p·log(1 + e^−u) + (1 − p)·log(1 + e^u) + λu²/4: its derivative in u is
  // −p·σ(−u) + (1 − p)·σ(u) + λu/2 (one dimension, solved here by bisection).
  const symmetric = (p: number, copies: number) => {
    const wrong = Math.round(copies * (1 - p));
    return [
      ...Array.from({ length: copies - wrong }, () => [point(1, 0), point(-1, 1)]).flat(),
      ...Array.from({ length: wrong }, () => [point(1, 1), point(-1, 0)]).flat(),
    ];
  };

  it.each([
    ['non-separable', 0.75, 1e-3],
    ['non-separable, strong penalty', 0.75, 0.5],
    ['separable', 1, 1e-2],
  ])('finds the known optimum of a %s set', (_name, p, l2) => {
    const fit = fitLogisticRegression(symmetric(p, 4), 2, { l2, gradientTolerance: 1e-9, relativeTolerance: 0 });
    const u = bisect((v) => -p * sigmoid(-v) + (1 - p) * sigmoid(v) + (l2 * v) / 2);
    expect(fit.converged).toBe(true);
    expect((fit.model.weights[0] as number) - (fit.model.weights[1] as number)).toBeCloseTo(u, 5);
    expect(fit.model.weights[0] as number).toBeCloseTo(-(fit.model.weights[1] as number), 6);
    expect(fit.model.bias[0] as number).toBeCloseTo(fit.model.bias[1] as number, 6);
  });

  it('weighs classes so that the minority counts as much as the majority', () => {
    // Three class-0 points and one class-1 point at the same x: balanced weights make it a coin toss.
    const set = [point(1, 0), point(1, 0), point(1, 0), point(1, 1)];
    const balanced = fitLogisticRegression(set, 2, { l2: 1e-2, gradientTolerance: 1e-9 }).model;
    const plain = fitLogisticRegression(set, 2, { l2: 1e-2, classWeights: 'none', gradientTolerance: 1e-9 }).model;
    const logit = (m: typeof balanced, c: number) => (m.weights[c] as number) + (m.bias[c] as number);
    expect(logit(balanced, 0) - logit(balanced, 1)).toBeCloseTo(0, 4);
    expect(logit(plain, 0) - logit(plain, 1)).toBeCloseTo(Math.log(3), 2);
  });

  it('is deterministic, and a warm start reaches the same optimum', () => {
    const set = clusters({ dim: 16, counts: [30, 20, 10], noise: 0.5, seed: 4 });
    const options = { l2: 1e-3, gradientTolerance: 1e-8, relativeTolerance: 0 };
    const first = fitLogisticRegression(set, 3, options);
    expect(fitLogisticRegression(set, 3, options)).toEqual(first);
    const start = fitLogisticRegression(set, 3, { l2: 1e-1 }).model;
    const warm = fitLogisticRegression(set, 3, { ...options, start });
    warm.model.weights.forEach((w, i) => expect(w).toBeCloseTo(first.model.weights[i] as number, 4));
  });

  it('fits a path over fewer examples than dimensions in their span, to the same models as fitting each directly', () => {
    // 36 examples of 96 dimensions: the path solves in 36 coordinates, each direct fit in all 96 (both to convergence).
    const set = clusters({ dim: 96, counts: [14, 12, 10], noise: 0.8, seed: 9 });
    const strengths = [1e-1, 1e-2, 1e-3];
    const tight = { gradientTolerance: 1e-9, relativeTolerance: 0 };
    const path = fitLogisticPath(set, 3, strengths, tight);
    let start: LinearModel | undefined;
    strengths.forEach((l2, k) => {
      const direct = fitLogisticRegression(set, 3, { ...tight, l2, ...(start ? { start } : {}) });
      start = direct.model;
      const fit = path[k] as (typeof path)[number];
      expect(fit.model.dim).toBe(96);
      expect(fit.loss).toBeCloseTo(direct.loss, 9);
      fit.model.weights.forEach((w, i) => expect(w).toBeCloseTo(direct.model.weights[i] as number, 6));
      fit.model.bias.forEach((b, i) => expect(b).toBeCloseTo(direct.model.bias[i] as number, 6));
    });
  });

  it("reaches the same models to the last bit from the examples' Gram matrix as from their rows", () => {
    const set = clusters({ dim: 64, counts: [12, 10, 9], noise: 0.7, seed: 5 });
    const strengths = [1e-2, 1e-3];
    const computed = fitLogisticPath(set, 3, strengths);
    const given = fitLogisticPath(set, 3, strengths, { gram: gramOf(set.map((e) => e.embedding)) });
    given.forEach((fit, k) => {
      expect([...fit.model.weights]).toEqual([...(computed[k]?.model.weights ?? [])]);
      expect([...fit.model.bias]).toEqual([...(computed[k]?.model.bias ?? [])]);
      expect(fit.iterations).toBe(computed[k]?.iterations);
    });
  });

  it('refuses a penalty that is not positive', () => {
    expect(() => fitLogisticRegression([point(1, 0)], 2, { l2: 0 })).toThrow(/l2/);
  });
});

describe('minimizeLbfgs', () => {
  it('minimises an ill-conditioned quadratic to its known minimum', () => {
    const scales = [1, 10, 100, 1000];
    const result = minimizeLbfgs(
      (x, g) => {
        let value = 0;
        x.forEach((v, i) => {
          const d = v - (i + 1);
          value += 0.5 * (scales[i] as number) * d * d;
          g[i] = (scales[i] as number) * d;
        });
        return value;
      },
      new Float64Array(4),
      { gradientTolerance: 1e-9, relativeTolerance: 0 },
    );
    expect(result.converged).toBe(true);
    [...result.x].forEach((v, i) => expect(v).toBeCloseTo(i + 1, 6));
  });
});
