// Full-batch L2 multinomial logistic regression on embeddings, fitted to convergence with L-BFGS (deterministic).
import type { HeadParameters } from './head-parameters.js';
import { minimizeLbfgs, type LbfgsOptions } from './lbfgs.js';
import { balancedClassWeights, type LabelledEmbedding } from './trainer.js';

export interface LogisticRegressionOptions extends LbfgsOptions {
  /** λ of the penalty (λ/2)·‖W‖² added to the mean weighted cross-entropy; biases are not penalised. */
  l2: number;
  /** 'balanced' (default) weighs each class by n / (classes · n_class); 'none' weighs every example 1. */
  classWeights?: 'balanced' | 'none';
  /** Parameters to start from (warm start along a path of L2 strengths); zeros when absent. */
  start?: LinearModel;
}

/** Weights (classes × dim, row-major) and biases of a linear softmax classifier, in float64. */
export interface LinearModel {
  classes: number;
  dim: number;
  weights: Float64Array;
  bias: Float64Array;
}

export interface FittedLogisticRegression {
  model: LinearModel;
  /** The objective at the solution (mean weighted cross-entropy plus the penalty). */
  loss: number;
  iterations: number;
  converged: boolean;
}

/** Objective and gradient over the parameter vector [weights (classes·dim), biases (classes)]. */
function objective(examples: readonly LabelledEmbedding[], classes: number, dim: number, l2: number, w: number[]) {
  const total = examples.reduce((sum, e) => sum + (w[e.label] ?? 0), 0) || 1;
  const rows = examples.filter((e) => (w[e.label] ?? 0) > 0);
  // The inputs as one float64 matrix and each row's weight: the inner loops then read contiguous doubles.
  const inputs = new Float64Array(rows.length * dim);
  rows.forEach((e, r) => inputs.set(e.embedding, r * dim));
  const rowWeights = rows.map((e) => (w[e.label] ?? 0) / total);
  const logits = new Float64Array(classes);
  const biasAt = classes * dim;
  return (x: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (let r = 0; r < rows.length; r += 1) {
      const weight = rowWeights[r] as number;
      const label = (rows[r] as LabelledEmbedding).label;
      const offset = r * dim;
      let max = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < classes; c += 1) {
        let z = x[biasAt + c] as number;
        const row = c * dim;
        for (let i = 0; i < dim; i += 1) z += (x[row + i] as number) * (inputs[offset + i] as number);
        logits[c] = z;
        if (z > max) max = z;
      }
      let sum = 0;
      for (let c = 0; c < classes; c += 1) sum += Math.exp((logits[c] as number) - max);
      const logSum = max + Math.log(sum);
      loss += weight * (logSum - (logits[label] as number));
      for (let c = 0; c < classes; c += 1) {
        const residual = weight * (Math.exp((logits[c] as number) - logSum) - (c === label ? 1 : 0));
        const row = c * dim;
        for (let i = 0; i < dim; i += 1)
          gradient[row + i] = (gradient[row + i] as number) + residual * (inputs[offset + i] as number);
        gradient[biasAt + c] = (gradient[biasAt + c] as number) + residual;
      }
    }
    let penalty = 0;
    for (let i = 0; i < biasAt; i += 1) {
      const v = x[i] as number;
      penalty += v * v;
      gradient[i] = (gradient[i] as number) + l2 * v;
    }
    return loss + 0.5 * l2 * penalty;
  };
}

/** Fits the regression on every example; the same examples and options give the same model. */
export function fitLogisticRegression(
  examples: readonly LabelledEmbedding[],
  classes: number,
  options: LogisticRegressionOptions,
): FittedLogisticRegression {
  if (examples.length === 0) throw new Error('logistic regression needs at least one example');
  if (!(options.l2 > 0)) throw new RangeError(`l2 must be positive, got ${options.l2}`);
  const dim = examples[0]?.embedding.length ?? 0;
  const weights =
    options.classWeights === 'none'
      ? new Array<number>(classes).fill(1)
      : balancedClassWeights(
          examples.map((e) => e.label),
          classes,
        );
  const start = new Float64Array(classes * dim + classes);
  if (options.start) {
    if (options.start.classes !== classes || options.start.dim !== dim)
      throw new Error('the warm start has another shape than the regression');
    start.set(options.start.weights);
    start.set(options.start.bias, classes * dim);
  }
  const result = minimizeLbfgs(objective(examples, classes, dim, options.l2, weights), start, options);
  return {
    model: {
      classes,
      dim,
      weights: result.x.slice(0, classes * dim),
      bias: result.x.slice(classes * dim),
    },
    loss: result.value,
    iterations: result.iterations,
    converged: result.converged,
  };
}

/** The regression as a servable linear head (float32 weights). */
export function linearHead(model: LinearModel, labels: readonly string[]): HeadParameters {
  return {
    architecture: 'linear',
    inputDim: model.dim,
    labels: [...labels],
    layers: [
      {
        inDim: model.dim,
        outDim: model.classes,
        weights: Float32Array.from(model.weights),
        bias: Float32Array.from(model.bias),
      },
    ],
  };
}
