// Few-shot head: class prototypes at a leave-one-out calibrated scale, refined by logistic regression anchored to them.
import { meanDirection } from '../classification/vectors.js';
import { Adam, cloneLayers, gradients, toDenseLayers, type NetLayer } from './dense-network.js';
import { balancedClassWeights, type LabelledEmbedding } from './trainer.js';
import type { HeadParameters } from './head-parameters.js';

export interface FewShotOptions {
  /** Full-batch Adam steps of the refinement; 0 keeps the calibrated prototypes (default 100). */
  refineSteps?: number;
  /** Pull of the weights towards the scaled prototypes during refinement (default 0.001). */
  anchor?: number;
  learningRate?: number;
}

/** Softmax scales tried by the calibration (logits = scale · cosine to each prototype). */
export const FEW_SHOT_SCALES = [1, 2, 3, 5, 7, 10, 15, 20, 30, 40, 50, 70, 100];
const FALLBACK_SCALE = 10;

function sumByClass(examples: readonly LabelledEmbedding[], classes: number, dim: number): Float64Array[] {
  const sums = Array.from({ length: classes }, () => new Float64Array(dim));
  for (const e of examples) {
    const sum = sums[e.label] as Float64Array;
    for (let i = 0; i < dim; i += 1) sum[i] = (sum[i] as number) + (e.embedding[i] as number);
  }
  return sums;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The scale with the lowest leave-one-out negative log-likelihood: each example is scored against the
 * prototypes with itself left out of its own class (classes with one example are not scored).
 */
export function leaveOneOutScale(examples: readonly LabelledEmbedding[], classes: number, dim: number): number {
  const sums = sumByClass(examples, classes, dim);
  const counts = new Array<number>(classes).fill(0);
  for (const e of examples) counts[e.label] = (counts[e.label] ?? 0) + 1;
  const rows: Array<{ similarities: number[]; gold: number }> = [];
  for (const e of examples) {
    if ((counts[e.label] ?? 0) < 2) continue;
    const similarities = sums.map((sum, c) =>
      c === e.label
        ? cosine(
            Float64Array.from(sum, (v, i) => v - (e.embedding[i] as number)),
            e.embedding,
          )
        : cosine(sum, e.embedding),
    );
    rows.push({ similarities, gold: e.label });
  }
  if (rows.length === 0) return FALLBACK_SCALE;
  let best = FALLBACK_SCALE;
  let bestLoss = Number.POSITIVE_INFINITY;
  for (const scale of FEW_SHOT_SCALES) {
    let loss = 0;
    for (const { similarities, gold } of rows) {
      const present = similarities.filter((_, c) => (counts[c] ?? 0) > 0).map((s) => scale * s);
      const max = Math.max(...present);
      const logSum = max + Math.log(present.reduce((acc, z) => acc + Math.exp(z - max), 0));
      loss += logSum - scale * (similarities[gold] as number);
    }
    if (loss < bestLoss) {
      bestLoss = loss;
      best = scale;
    }
  }
  return best;
}

/**
 * Trains a linear head from a handful of examples per label: weights start at scale · prototype (the normalised
 * mean of a label's embeddings; zero for a label without examples) and are refined by class-balanced logistic
 * regression whose L2 penalty pulls them back towards that start, so few examples cannot drag them far.
 */
export function trainFewShotHead(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: FewShotOptions = {},
): HeadParameters {
  if (examples.length === 0) throw new Error('a few-shot head needs at least one example');
  const dim = examples[0]?.embedding.length ?? 0;
  for (const e of examples) {
    if (e.embedding.length !== dim) throw new Error(`embeddings differ in dimension (${e.embedding.length} vs ${dim})`);
    if (!Number.isInteger(e.label) || e.label < 0 || e.label >= labels.length)
      throw new Error(`label index ${e.label} is outside the ${labels.length} labels`);
  }
  const scale = leaveOneOutScale(examples, labels.length, dim);
  const w = new Float64Array(labels.length * dim);
  labels.forEach((_, c) => {
    const members = examples.filter((e) => e.label === c).map((e) => e.embedding);
    if (members.length === 0) return;
    const prototype = meanDirection(members, dim);
    for (let i = 0; i < dim; i += 1) w[c * dim + i] = scale * (prototype[i] as number);
  });
  // A label without examples starts below every other (present logits are ≥ −scale): it is never a first guess.
  const b = Float64Array.from(labels, (_, c) => (examples.some((e) => e.label === c) ? 0 : -2 * scale));
  const layers: NetLayer[] = [{ inDim: dim, outDim: labels.length, w, b }];
  const start = cloneLayers(layers);
  const steps = options.refineSteps ?? 100;
  if (steps > 0) {
    const weights = balancedClassWeights(
      examples.map((e) => e.label),
      labels.length,
    );
    const batch = {
      inputs: examples.map((e) => Float64Array.from(e.embedding)),
      classes: examples.map((e) => e.label),
      weights: examples.map((e) => weights[e.label] ?? 0),
    };
    const grads = cloneLayers(layers);
    const adam = new Adam(layers, options.learningRate ?? 0.05);
    for (let step = 0; step < steps; step += 1) {
      gradients(layers, batch, options.anchor ?? 0.001, grads, start);
      adam.update(layers, grads);
    }
  }
  return { architecture: 'linear', inputDim: dim, labels: [...labels], layers: toDenseLayers(layers) };
}
