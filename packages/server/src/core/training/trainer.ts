// Trains a classification head (multinomial logistic regression or a one-hidden-layer MLP) on embeddings with mini-batch Adam.
import { seededRandom } from '../shared/seeded-random.js';
import {
  Adam,
  batchLoss,
  cloneLayers,
  gradients,
  initLayers,
  toDenseLayers,
  type Batch,
  type NetLayer,
} from './dense-network.js';
import type { HeadArchitecture, HeadParameters } from './head-parameters.js';
import { rowSpace, type RowSpace } from './row-space.js';
import { shuffled, stratifiedSplit } from './split.js';

export interface LabelledEmbedding {
  embedding: Float32Array;
  /** Index into the labels. */
  label: number;
  /** Fine-tuned only: the text's clause features (clause-features.ts), for cross-validation to weigh against `embedding`. */
  clauses?: Float32Array;
}

export interface TrainProgress {
  epoch: number;
  maxEpochs: number;
  /** Training objective (weighted cross-entropy plus the L2 penalty), averaged over the epoch's batches. */
  loss: number;
  /** Weighted cross-entropy on the validation slice; null when the set is too small to carve one. */
  validationLoss: number | null;
}

export interface TrainOptions {
  architecture?: HeadArchitecture;
  /** Hidden units of the MLP (default 64). */
  hiddenUnits?: number;
  /** L2 penalty on the weights (default 1e-3). */
  l2?: number;
  /** Adam step size (default 0.05 for linear, 0.01 for the MLP). */
  learningRate?: number;
  batchSize?: number;
  maxEpochs?: number;
  /** Epochs without improvement of the monitored loss before stopping (default 30). */
  patience?: number;
  /**
   * Share of the training examples held back to watch for over-fitting (default 0.1). The slice is carved only
   * when it gets at least 5 examples of every class; below that its loss is too noisy to stop on, and the
   * training loss (with the L2 penalty) is watched instead.
   */
  validationFraction?: number;
  /** 'balanced' weighs each class by n / (classes · n_class) so minority classes count as much (default). */
  classWeights?: 'balanced' | 'none';
  seed?: number;
  onProgress?: (progress: TrainProgress) => void;
  signal?: AbortSignal;
  /** The examples' Gram matrix (gramOf), when the caller has it: an MLP trained in their span starts from it. */
  gram?: Float64Array;
}

export interface TrainedHead {
  parameters: HeadParameters;
  /** Epochs run (the returned parameters are those of the best epoch). */
  epochs: number;
  stoppedEarly: boolean;
  /** Training loss at the epoch whose parameters are returned. */
  finalLoss: number;
}

/** A validation slice is carved only when it would hold at least this many examples of every class present. */
const MIN_VALIDATION_PER_CLASS = 5;
const MIN_IMPROVEMENT = 1e-4;
/** Mini-batches between two yields to the event loop inside an epoch (an MLP epoch over thousands of examples is long). */
const BATCHES_PER_TURN = 8;

/** n / (classes · n_c) for each present class; absent classes get 0 (they contribute no examples). */
export function balancedClassWeights(labels: readonly number[], classCount: number): number[] {
  const counts = new Array<number>(classCount).fill(0);
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  const present = counts.filter((c) => c > 0).length;
  return counts.map((c) => (c === 0 ? 0 : labels.length / (present * c)));
}

/** An example as the network reads it: its input in float64 (exactly its embedding, or its coordinates in a span). */
interface InputRow {
  input: Float64Array;
  label: number;
  /** Leading values of `input` that may be nonzero (coordinates in a span); all when absent. */
  width?: number;
}

function toBatch(rows: readonly InputRow[], classWeights: readonly number[]): Batch {
  return {
    inputs: rows.map((r) => r.input),
    classes: rows.map((r) => r.label),
    weights: rows.map((r) => classWeights[r.label] ?? 0),
    widths: rows.map((r) => r.width ?? r.input.length),
  };
}

function carveValidation<T extends { label: number }>(examples: readonly T[], fraction: number, seed: number) {
  const counts = new Map<number, number>();
  for (const e of examples) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
  if (fraction <= 0 || [...counts.values()].some((c) => Math.round(c * fraction) < MIN_VALIDATION_PER_CLASS))
    return { fit: [...examples], validation: [] };
  const split = stratifiedSplit(
    examples.map((e) => e.label),
    fraction,
    seed,
  );
  return {
    fit: split.train.map((i) => examples[i] as T),
    validation: split.holdout.map((i) => examples[i] as T),
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkExamples(examples: readonly LabelledEmbedding[], labels: readonly string[]): number {
  if (examples.length === 0) throw new Error('training needs at least one example');
  const dim = examples[0]?.embedding.length ?? 0;
  for (const e of examples) {
    if (e.embedding.length !== dim) throw new Error(`embeddings differ in dimension (${e.embedding.length} vs ${dim})`);
    if (!Number.isInteger(e.label) || e.label < 0 || e.label >= labels.length)
      throw new Error(`label index ${e.label} is outside the ${labels.length} labels`);
  }
  return dim;
}

/**
 * The examples as coordinates in an orthonormal basis of their span (rowSpace). A network's first layer meets an
 * example only through its products with the example, so trained on the coordinates it computes on every example what
 * the same layer over all dimensions would, at the cost of as many inputs as examples (422 clause-feature rows of 1,836
 * values: 422); its inputs' parts outside the span, which no example can teach, are left out of the served layer.
 */
function spanOf(
  examples: readonly LabelledEmbedding[],
  dim: number,
  gram: Float64Array | undefined,
): { space: RowSpace; rows: InputRow[] } {
  const matrix = new Float64Array(examples.length * dim);
  examples.forEach((e, r) => matrix.set(e.embedding, r * dim));
  const space = rowSpace(matrix, examples.length, dim, gram ? { gram } : {});
  const rows = examples.map((e, r) => ({
    input: space.coordinates.slice(r * space.rank, (r + 1) * space.rank),
    label: e.label,
    width: space.widths[r] as number,
  }));
  return { space, rows };
}

/** The network with its first layer's weights (initialised over all dimensions) replaced by their part in the span. */
const inSpan = (layers: NetLayer[], space: RowSpace): NetLayer[] =>
  layers.map((layer, l) =>
    l === 0 ? { ...layer, inDim: space.rank, w: space.project(layer.w, layer.outDim) } : layer,
  );

/** The network with its first layer's weights over the span's coordinates lifted back over all dimensions. */
const liftedFromSpan = (layers: NetLayer[], space: RowSpace, dim: number): NetLayer[] =>
  layers.map((layer, l) => (l === 0 ? { ...layer, inDim: dim, w: space.lift(layer.w, layer.outDim) } : layer));

/**
 * Trains a head with mini-batch Adam, keeping the parameters of the epoch with the lowest validation loss
 * (or training loss when no validation slice can be carved) and stopping after `patience` epochs without
 * improvement. Yields to the event loop every few mini-batches and between epochs, so other work proceeds,
 * progress is reported and `signal` is honoured.
 */
export async function trainHead(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  options: TrainOptions = {},
): Promise<TrainedHead> {
  options.signal?.throwIfAborted();
  const inputDim = checkExamples(examples, labels);
  const architecture = options.architecture ?? 'linear';
  const seed = options.seed ?? 0;
  const maxEpochs = options.maxEpochs ?? 200;
  const patience = options.patience ?? 30;
  const l2 = options.l2 ?? 1e-3;
  const batchSize = options.batchSize ?? 32;
  const random = seededRandom(seed);
  const dims =
    architecture === 'mlp' ? [inputDim, options.hiddenUnits ?? 64, labels.length] : [inputDim, labels.length];
  let layers = initLayers(dims, random);
  // An MLP on fewer examples than dimensions trains its first layer in the coordinates of the examples' span.
  const span = architecture === 'mlp' && examples.length < inputDim ? spanOf(examples, inputDim, options.gram) : null;
  if (span) layers = inSpan(layers, span.space);
  const rows = span?.rows ?? examples.map((e) => ({ input: Float64Array.from(e.embedding), label: e.label }));
  const grads = cloneLayers(layers);
  const adam = new Adam(layers, options.learningRate ?? (architecture === 'mlp' ? 0.01 : 0.05));
  const weights =
    options.classWeights === 'none'
      ? labels.map(() => 1)
      : balancedClassWeights(
          examples.map((e) => e.label),
          labels.length,
        );
  const { fit, validation } = carveValidation(rows, options.validationFraction ?? 0.1, seed);
  const validationBatch = validation.length > 0 ? toBatch(validation, weights) : undefined;

  let best: { layers: NetLayer[]; monitored: number; loss: number } = {
    layers: cloneLayers(layers),
    monitored: Number.POSITIVE_INFINITY,
    loss: Number.NaN,
  };
  let sinceBest = 0;
  let epoch = 0;
  while (epoch < maxEpochs && sinceBest < patience) {
    epoch += 1;
    const order = shuffled(fit, random);
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start < order.length; start += batchSize) {
      lossSum += gradients(layers, toBatch(order.slice(start, start + batchSize), weights), l2, grads);
      adam.update(layers, grads);
      batches += 1;
      if (batches % BATCHES_PER_TURN === 0) {
        await nextTurn();
        options.signal?.throwIfAborted();
      }
    }
    const loss = lossSum / batches;
    const validationLoss = validationBatch ? batchLoss(layers, validationBatch) : null;
    const monitored = validationLoss ?? loss;
    if (monitored < best.monitored - MIN_IMPROVEMENT) {
      best = { layers: cloneLayers(layers), monitored, loss };
      sinceBest = 0;
    } else {
      sinceBest += 1;
    }
    options.onProgress?.({ epoch, maxEpochs, loss, validationLoss });
    await nextTurn();
    options.signal?.throwIfAborted();
  }
  layers = span ? liftedFromSpan(best.layers, span.space, inputDim) : best.layers;
  return {
    parameters: { architecture, inputDim, labels: [...labels], layers: toDenseLayers(layers) },
    epochs: epoch,
    stoppedEarly: epoch < maxEpochs,
    finalLoss: best.loss,
  };
}
