// A small dense network in float64 for training: batched forward, weighted cross-entropy, backward pass and Adam.
import { addOuterProduct, affineRows } from './affine-rows.js';
import type { DenseLayer } from './head-parameters.js';

export interface NetLayer {
  inDim: number;
  outDim: number;
  /** outDim × inDim, row-major. */
  w: Float64Array;
  b: Float64Array;
}

/** A labelled batch: inputs as rows (float64, so every layer reads one array type), each with its class and weight. */
export interface Batch {
  inputs: readonly Float64Array[];
  classes: readonly number[];
  weights: readonly number[];
  /**
   * Per input, how many leading values may be nonzero (the rest are zero): the first layer skips the tail, which
   * changes no sum (coordinates in a span are triangular, rowSpace). All of them when absent.
   */
  widths?: readonly number[];
}

/** Layers with weights drawn uniformly in ±√(6 / fan-in) (He), zeros for a single linear layer and all biases. */
export function initLayers(dims: number[], random: () => number): NetLayer[] {
  const layers: NetLayer[] = [];
  for (let l = 0; l + 1 < dims.length; l += 1) {
    const inDim = dims[l] ?? 0;
    const outDim = dims[l + 1] ?? 0;
    const w = new Float64Array(inDim * outDim);
    if (dims.length > 2) {
      const limit = Math.sqrt(6 / inDim);
      for (let i = 0; i < w.length; i += 1) w[i] = (random() * 2 - 1) * limit;
    }
    layers.push({ inDim, outDim, w, b: new Float64Array(outDim) });
  }
  return layers;
}

export function cloneLayers(layers: readonly NetLayer[]): NetLayer[] {
  return layers.map((l) => ({ inDim: l.inDim, outDim: l.outDim, w: l.w.slice(), b: l.b.slice() }));
}

export function toDenseLayers(layers: readonly NetLayer[]): DenseLayer[] {
  return layers.map((l) => ({
    inDim: l.inDim,
    outDim: l.outDim,
    weights: Float32Array.from(l.w),
    bias: Float32Array.from(l.b),
  }));
}

/** The layer's outputs for input `x`, whose values from `width` on are zero. */
function affine(layer: NetLayer, x: Float64Array, relu: boolean, width: number): Float64Array {
  const out = new Float64Array(layer.outDim);
  affineRows(layer.w, layer.inDim, layer.outDim, layer.b, 0, x, 0, width, out);
  if (relu) for (let o = 0; o < out.length; o += 1) if ((out[o] as number) < 0) out[o] = 0;
  return out;
}

/** Softmax in place; returns the row. */
function softmaxInPlace(z: Float64Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of z) if (v > max) max = v;
  let total = 0;
  for (let i = 0; i < z.length; i += 1) {
    z[i] = Math.exp((z[i] as number) - max);
    total += z[i] as number;
  }
  for (let i = 0; i < z.length; i += 1) z[i] = (z[i] as number) / total;
  return z;
}

/** Activations of every layer for one input (zero from `width` on): [input, hidden…, probabilities]. */
function activations(layers: readonly NetLayer[], input: Float64Array, width = input.length): Float64Array[] {
  const acts: Float64Array[] = [input];
  layers.forEach((layer, l) => {
    const last = l === layers.length - 1;
    const z = affine(layer, acts[l] as Float64Array, !last, l === 0 ? width : layer.inDim);
    acts.push(last ? softmaxInPlace(z) : z);
  });
  return acts;
}

/** Weighted mean cross-entropy of a batch (no regularisation). */
export function batchLoss(layers: readonly NetLayer[], batch: Batch): number {
  let loss = 0;
  let weightSum = 0;
  batch.inputs.forEach((input, n) => {
    const probs = activations(layers, input, batch.widths?.[n]).at(-1) as Float64Array;
    const weight = batch.weights[n] ?? 1;
    loss -= weight * Math.log(Math.max(probs[batch.classes[n] ?? 0] ?? 0, 1e-15));
    weightSum += weight;
  });
  return weightSum === 0 ? 0 : loss / weightSum;
}

/** Gradients of the weighted mean cross-entropy plus (l2 / 2)·‖W − anchor‖² (biases unregularised); returns the loss. */
export function gradients(
  layers: readonly NetLayer[],
  batch: Batch,
  l2: number,
  grads: NetLayer[],
  anchor?: readonly NetLayer[],
): number {
  for (const g of grads) {
    g.w.fill(0);
    g.b.fill(0);
  }
  const weightSum = batch.weights.reduce((a, b) => a + b, 0) || 1;
  let loss = 0;
  batch.inputs.forEach((input, n) => {
    const width = batch.widths?.[n] ?? input.length;
    const acts = activations(layers, input, width);
    const cls = batch.classes[n] ?? 0;
    const scale = (batch.weights[n] ?? 1) / weightSum;
    const probs = acts.at(-1) as Float64Array;
    loss -= scale * Math.log(Math.max(probs[cls] ?? 0, 1e-15));
    let delta = Float64Array.from(probs, (p, c) => scale * (p - (c === cls ? 1 : 0)));
    for (let l = layers.length - 1; l >= 0; l -= 1) {
      const layer = layers[l] as NetLayer;
      const grad = grads[l] as NetLayer;
      const x = acts[l] as Float64Array;
      const back = l > 0 ? new Float64Array(layer.inDim) : undefined;
      // The first layer's units with a nonzero delta, updated four a pass over the input (addOuterProduct).
      const live: number[] = [];
      for (let o = 0; o < layer.outDim; o += 1) {
        const d = delta[o] as number;
        if (d === 0) continue;
        grad.b[o] = (grad.b[o] as number) + d;
        if (!back) {
          live.push(o);
          continue;
        }
        const row = o * layer.inDim;
        const [gradW, w] = [grad.w, layer.w];
        for (let i = 0; i < layer.inDim; i += 1) {
          gradW[row + i] = (gradW[row + i] as number) + d * (x[i] as number);
          back[i] = (back[i] as number) + d * (w[row + i] as number);
        }
      }
      if (live.length > 0)
        addOuterProduct(
          grad.w,
          layer.inDim,
          Float64Array.from(live, (o) => delta[o] as number),
          live,
          x,
          0,
          width,
        );
      if (back) {
        for (let i = 0; i < back.length; i += 1) if ((x[i] as number) <= 0) back[i] = 0;
        delta = back;
      }
    }
  });
  layers.forEach((layer, l) => {
    const grad = grads[l] as NetLayer;
    const base = anchor?.[l]?.w;
    for (let i = 0; i < layer.w.length; i += 1) {
      const diff = (layer.w[i] as number) - (base ? (base[i] as number) : 0);
      grad.w[i] = (grad.w[i] as number) + l2 * diff;
      loss += 0.5 * l2 * diff * diff;
    }
  });
  return loss;
}

/** Adam (Kingma & Ba) with bias correction, over all weights and biases of the layers. */
export class Adam {
  private readonly m: NetLayer[];
  private readonly v: NetLayer[];
  private step = 0;

  constructor(
    layers: readonly NetLayer[],
    private readonly learningRate: number,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    private readonly epsilon = 1e-8,
  ) {
    this.m = cloneLayers(layers).map((l) => ({
      ...l,
      w: new Float64Array(l.w.length),
      b: new Float64Array(l.b.length),
    }));
    this.v = cloneLayers(this.m);
  }

  update(layers: NetLayer[], grads: readonly NetLayer[]): void {
    this.step += 1;
    const c1 = 1 - this.beta1 ** this.step;
    const c2 = 1 - this.beta2 ** this.step;
    layers.forEach((layer, l) => {
      for (const key of ['w', 'b'] as const) {
        const p = layer[key];
        const g = (grads[l] as NetLayer)[key];
        const m = (this.m[l] as NetLayer)[key];
        const v = (this.v[l] as NetLayer)[key];
        for (let i = 0; i < p.length; i += 1) {
          const gi = g[i] as number;
          m[i] = this.beta1 * (m[i] as number) + (1 - this.beta1) * gi;
          v[i] = this.beta2 * (v[i] as number) + (1 - this.beta2) * gi * gi;
          p[i] =
            (p[i] as number) -
            (this.learningRate * ((m[i] as number) / c1)) / (Math.sqrt((v[i] as number) / c2) + this.epsilon);
        }
      }
    });
  }
}
