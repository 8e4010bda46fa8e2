// Full-batch L2 multinomial logistic regression on embeddings, fitted to convergence with L-BFGS (deterministic).
import { addOuterProduct, affineRows } from './affine-rows.js';
import type { HeadParameters } from './head-parameters.js';
import { minimizeLbfgs, type LbfgsOptions } from './lbfgs.js';
import { rowSpace } from './row-space.js';
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

/** The examples a fit weighs, as one float64 matrix (contiguous doubles for the inner loops), their labels and weights. */
interface Design {
  inputs: Float64Array;
  labels: number[];
  rowWeights: number[];
  dim: number;
  /** Per row, how many leading inputs may be nonzero (the rest are zero and skipped); all `dim` when absent. */
  widths?: Int32Array;
}

/** The examples with a positive class weight, each weighted by its class's share of the total. */
function designOf(
  examples: readonly LabelledEmbedding[],
  classes: number,
  classWeights: LogisticRegressionOptions['classWeights'],
): Design {
  const dim = examples[0]?.embedding.length ?? 0;
  const w =
    classWeights === 'none'
      ? new Array<number>(classes).fill(1)
      : balancedClassWeights(
          examples.map((e) => e.label),
          classes,
        );
  const total = examples.reduce((sum, e) => sum + (w[e.label] ?? 0), 0) || 1;
  const rows = examples.filter((e) => (w[e.label] ?? 0) > 0);
  const inputs = new Float64Array(rows.length * dim);
  rows.forEach((e, r) => inputs.set(e.embedding, r * dim));
  return { inputs, labels: rows.map((e) => e.label), rowWeights: rows.map((e) => (w[e.label] ?? 0) / total), dim };
}

/** Objective and gradient over the parameter vector [weights (classes·dim), biases (classes)]. */
function objective({ inputs, labels, rowWeights, dim, widths }: Design, classes: number, l2: number) {
  const logits = new Float64Array(classes);
  const residuals = new Float64Array(classes);
  const everyClass = Array.from({ length: classes }, (_, c) => c);
  const biasAt = classes * dim;
  return (x: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (let r = 0; r < labels.length; r += 1) {
      const weight = rowWeights[r] as number;
      const label = labels[r] as number;
      const offset = r * dim;
      // Skipping a row's zero tail leaves every sum as it was: the same fit, in half the work on triangular coordinates.
      const width = widths ? (widths[r] as number) : dim;
      affineRows(x, dim, classes, x, biasAt, inputs, offset, width, logits);
      let max = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < classes; c += 1) if ((logits[c] as number) > max) max = logits[c] as number;
      let sum = 0;
      for (let c = 0; c < classes; c += 1) sum += Math.exp((logits[c] as number) - max);
      const logSum = max + Math.log(sum);
      loss += weight * (logSum - (logits[label] as number));
      for (let c = 0; c < classes; c += 1) {
        const residual = weight * (Math.exp((logits[c] as number) - logSum) - (c === label ? 1 : 0));
        residuals[c] = residual;
        gradient[biasAt + c] = (gradient[biasAt + c] as number) + residual;
      }
      addOuterProduct(gradient, dim, residuals, everyClass, inputs, offset, width);
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

/** Minimises the objective over the design from `start` ([weights, biases], zeros when absent). */
function minimize(design: Design, classes: number, options: LogisticRegressionOptions, start?: Float64Array) {
  if (!(options.l2 > 0)) throw new RangeError(`l2 must be positive, got ${options.l2}`);
  const from = start ?? new Float64Array(classes * design.dim + classes);
  return minimizeLbfgs(objective(design, classes, options.l2), from, options);
}

/** A fit's result as a model over `dim` inputs; `weightsOf` turns the solution's weights into that space's. */
function fitted(
  result: ReturnType<typeof minimizeLbfgs>,
  classes: number,
  dim: number,
  weightsOf: (weights: Float64Array) => Float64Array,
): FittedLogisticRegression {
  const at = result.x.length - classes;
  return {
    model: { classes, dim, weights: weightsOf(result.x.slice(0, at)), bias: result.x.slice(at) },
    loss: result.value,
    iterations: result.iterations,
    converged: result.converged,
  };
}

/** Fits the regression on every example; the same examples and options give the same model. */
export function fitLogisticRegression(
  examples: readonly LabelledEmbedding[],
  classes: number,
  options: LogisticRegressionOptions,
): FittedLogisticRegression {
  if (examples.length === 0) throw new Error('logistic regression needs at least one example');
  const design = designOf(examples, classes, options.classWeights);
  let start: Float64Array | undefined;
  if (options.start) {
    if (options.start.classes !== classes || options.start.dim !== design.dim)
      throw new Error('the warm start has another shape than the regression');
    start = new Float64Array(classes * design.dim + classes);
    start.set(options.start.weights);
    start.set(options.start.bias, classes * design.dim);
  }
  return fitted(minimize(design, classes, options, start), classes, design.dim, (w) => w);
}

/**
 * Fits regressions along a path of L2 strengths (in the order given; strongest first is fastest), each starting from
 * the previous solution; returns one model per strength, in the same order. With fewer examples than dimensions the
 * path runs in the coordinates of the examples' span (RowSpace): the penalised optimum's weights are a combination of
 * the examples (the gradient of the loss is one, and at the optimum the weights are −1/λ times it), the penalty and
 * every logit are the same in orthonormal coordinates, so the fits are the same at a fraction of the cost
 * (1,836-wide clause features of 422 examples: 422 coordinates). `gram`, the examples' Gram matrix (gramOf), saves
 * computing it when the caller shares one among fits on subsets of the same examples.
 */
export function fitLogisticPath(
  examples: readonly LabelledEmbedding[],
  classes: number,
  strengths: readonly number[],
  options: Omit<LogisticRegressionOptions, 'l2' | 'start'> & { gram?: Float64Array } = {},
): FittedLogisticRegression[] {
  if (examples.length === 0) throw new Error('logistic regression needs at least one example');
  const { gram, ...fitOptions } = options;
  const design = designOf(examples, classes, fitOptions.classWeights);
  const { dim } = design;
  const count = design.labels.length;
  // The examples' own Gram matrix serves when every example is in the design (none has a class weight of 0).
  const given = count === examples.length ? gram : undefined;
  const space = count < dim ? rowSpace(design.inputs, count, dim, given ? { gram: given } : {}) : null;
  const solved = space ? { ...design, inputs: space.coordinates, dim: space.rank, widths: space.widths } : design;
  const fits: FittedLogisticRegression[] = [];
  let start: Float64Array | undefined;
  for (const l2 of strengths) {
    const result = minimize(solved, classes, { ...fitOptions, l2 }, start);
    start = result.x;
    fits.push(fitted(result, classes, dim, (w) => (space ? space.lift(w, classes) : w)));
  }
  return fits;
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
