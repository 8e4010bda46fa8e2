// The dense network of dense-network.ts with independent sigmoid outputs: weighted binary cross-entropy and its gradients.
import type { NetLayer } from './dense-network.js';

/** A multi-label batch: inputs as rows, each with a 0/1 target per label and a weight per (row, label). */
export interface SigmoidBatch {
  inputs: readonly Float32Array[];
  /** targets[n][k] is 1 when row n carries label k, else 0. */
  targets: readonly (readonly number[])[];
  /** weights[n][k]: the weight of row n's decision on label k (per-label class balancing). */
  weights: readonly (readonly number[])[];
}

/** The logistic function, stable for large |z|. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** log(1 + e^z) without overflow. */
const softplus = (z: number): number => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

function affine(layer: NetLayer, x: ArrayLike<number>, relu: boolean): Float64Array {
  const out = new Float64Array(layer.outDim);
  const { w, inDim } = layer;
  for (let o = 0; o < layer.outDim; o += 1) {
    let sum = layer.b[o] as number;
    const row = o * inDim;
    for (let i = 0; i < inDim; i += 1) sum += (w[row + i] as number) * (x[i] as number);
    out[o] = relu && sum < 0 ? 0 : sum;
  }
  return out;
}

/** Activations of every layer for one input: [input, hidden…, logits] (ReLU between layers, none on the last). */
function activations(layers: readonly NetLayer[], input: Float32Array): Array<ArrayLike<number>> {
  const acts: Array<ArrayLike<number>> = [input];
  layers.forEach((layer, l) => acts.push(affine(layer, acts[l] as ArrayLike<number>, l < layers.length - 1)));
  return acts;
}

/** Independent label probabilities (sigmoid of each logit) for each input. */
export function sigmoidForward(layers: readonly NetLayer[], inputs: readonly Float32Array[]): number[][] {
  return inputs.map((input) => Array.from(activations(layers, input).at(-1) as Float64Array, sigmoid));
}

/** −[t·log σ(z) + (1 − t)·log(1 − σ(z))], computed from the logit. */
const bce = (z: number, t: number): number => t * softplus(-z) + (1 - t) * softplus(z);

function weightTotal(batch: SigmoidBatch): number {
  let total = 0;
  for (const row of batch.weights) for (const w of row) total += w;
  return total;
}

/** Weighted mean binary cross-entropy of a batch over every (row, label) decision (no regularisation). */
export function sigmoidBatchLoss(layers: readonly NetLayer[], batch: SigmoidBatch): number {
  const total = weightTotal(batch);
  if (total === 0) return 0;
  let loss = 0;
  batch.inputs.forEach((input, n) => {
    const logits = activations(layers, input).at(-1) as Float64Array;
    logits.forEach((z, k) => {
      loss += (batch.weights[n]?.[k] ?? 0) * bce(z, batch.targets[n]?.[k] ?? 0);
    });
  });
  return loss / total;
}

/**
 * Gradients of the weighted mean binary cross-entropy plus (l2 / 2)·‖W‖² (biases unregularised) into `grads`;
 * returns the loss. d loss / d logit = weight · (σ(z) − t) / Σ weights.
 */
export function sigmoidGradients(
  layers: readonly NetLayer[],
  batch: SigmoidBatch,
  l2: number,
  grads: NetLayer[],
): number {
  for (const g of grads) {
    g.w.fill(0);
    g.b.fill(0);
  }
  const total = weightTotal(batch) || 1;
  let loss = 0;
  batch.inputs.forEach((input, n) => {
    const acts = activations(layers, input);
    const logits = acts.at(-1) as Float64Array;
    const targets = batch.targets[n] ?? [];
    const weights = batch.weights[n] ?? [];
    let delta = Float64Array.from(logits, (z, k) => {
      const weight = (weights[k] ?? 0) / total;
      const t = targets[k] ?? 0;
      loss += weight * bce(z, t);
      return weight * (sigmoid(z) - t);
    });
    for (let l = layers.length - 1; l >= 0; l -= 1) {
      const layer = layers[l] as NetLayer;
      const grad = grads[l] as NetLayer;
      const x = acts[l] as ArrayLike<number>;
      const back = l > 0 ? new Float64Array(layer.inDim) : undefined;
      for (let o = 0; o < layer.outDim; o += 1) {
        const d = delta[o] as number;
        if (d === 0) continue;
        grad.b[o] = (grad.b[o] as number) + d;
        const row = o * layer.inDim;
        for (let i = 0; i < layer.inDim; i += 1) {
          grad.w[row + i] = (grad.w[row + i] as number) + d * (x[i] as number);
          if (back) back[i] = (back[i] as number) + d * (layer.w[row + i] as number);
        }
      }
      if (back) {
        for (let i = 0; i < back.length; i += 1) if ((x[i] as number) <= 0) back[i] = 0;
        delta = back;
      }
    }
  });
  layers.forEach((layer, l) => {
    const grad = grads[l] as NetLayer;
    for (let i = 0; i < layer.w.length; i += 1) {
      const w = layer.w[i] as number;
      grad.w[i] = (grad.w[i] as number) + l2 * w;
      loss += 0.5 * l2 * w * w;
    }
  });
  return loss;
}
