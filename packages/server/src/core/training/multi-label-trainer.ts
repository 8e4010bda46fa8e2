// Trains a multi-label head: one independent sigmoid per label, weighted binary cross-entropy, mini-batch Adam.
import { seededRandom } from '../shared/seeded-random.js';
import { Adam, cloneLayers, initLayers, toDenseLayers, type NetLayer } from './dense-network.js';
import type { HeadParameters } from './head-parameters.js';
import { sigmoidGradients, type SigmoidBatch } from './sigmoid-network.js';
import { shuffled } from './split.js';
import type { TrainedHead, TrainOptions } from './trainer.js';

/** An embedding with the indices of every label it carries (at least one). */
export interface MultiLabelledEmbedding {
  embedding: Float32Array;
  labels: readonly number[];
}

export type MultiLabelTrainOptions = Omit<TrainOptions, 'validationFraction' | 'classWeights'> & {
  /** 'balanced' (default) weighs each label's positives and negatives by n / (2 · n_side), so rare labels count. */
  labelWeights?: 'balanced' | 'none';
};

const MIN_IMPROVEMENT = 1e-4;
const BATCHES_PER_TURN = 8;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** 0/1 targets per example and label. */
export function multiHotTargets(examples: readonly MultiLabelledEmbedding[], labelCount: number): number[][] {
  return examples.map((e) => {
    const row = new Array<number>(labelCount).fill(0);
    for (const k of e.labels) row[k] = 1;
    return row;
  });
}

/**
 * Per label, the weight of a positive and of a negative decision: n / (2 · positives) and n / (2 · negatives), so each
 * label's positives and negatives weigh the same in total; a side with no examples gets 0.
 */
export function balancedLabelWeights(targets: readonly (readonly number[])[], labelCount: number) {
  const n = targets.length;
  return Array.from({ length: labelCount }, (_, k) => {
    const positives = targets.filter((t) => t[k] === 1).length;
    const negatives = n - positives;
    return {
      positive: positives === 0 ? 0 : n / (2 * positives),
      negative: negatives === 0 ? 0 : n / (2 * negatives),
    };
  });
}

function check(examples: readonly MultiLabelledEmbedding[], labels: readonly string[]): number {
  if (examples.length === 0) throw new Error('training needs at least one example');
  const dim = examples[0]?.embedding.length ?? 0;
  for (const e of examples) {
    if (e.embedding.length !== dim) throw new Error(`embeddings differ in dimension (${e.embedding.length} vs ${dim})`);
    if (e.labels.length === 0) throw new Error('a multi-label example needs at least one label');
    for (const k of e.labels)
      if (!Number.isInteger(k) || k < 0 || k >= labels.length)
        throw new Error(`label index ${k} is outside the ${labels.length} labels`);
  }
  return dim;
}

/**
 * Trains independent sigmoid outputs (linear or one hidden ReLU layer) with mini-batch Adam on the weighted binary
 * cross-entropy plus L2, keeping the epoch with the lowest training objective and stopping after `patience` epochs
 * without improvement. The parameters say `output: 'sigmoid'`, so the served graph ends in Sigmoid.
 */
export async function trainMultiLabelHead(
  examples: readonly MultiLabelledEmbedding[],
  labels: readonly string[],
  options: MultiLabelTrainOptions = {},
): Promise<TrainedHead> {
  options.signal?.throwIfAborted();
  const inputDim = check(examples, labels);
  const architecture = options.architecture ?? 'linear';
  const maxEpochs = options.maxEpochs ?? 200;
  const patience = options.patience ?? 30;
  const l2 = options.l2 ?? 1e-3;
  const batchSize = options.batchSize ?? 32;
  const random = seededRandom(options.seed ?? 0);
  const dims =
    architecture === 'mlp' ? [inputDim, options.hiddenUnits ?? 64, labels.length] : [inputDim, labels.length];
  const layers = initLayers(dims, random);
  const grads = cloneLayers(layers);
  const adam = new Adam(layers, options.learningRate ?? (architecture === 'mlp' ? 0.01 : 0.05));
  const targets = multiHotTargets(examples, labels.length);
  const sides = balancedLabelWeights(targets, labels.length);
  const weightsOf = (t: readonly number[]) =>
    t.map((v, k) =>
      options.labelWeights === 'none' ? 1 : v === 1 ? (sides[k]?.positive ?? 0) : (sides[k]?.negative ?? 0),
    );
  const rows = examples.map((e, n) => ({ input: e.embedding, target: targets[n] as number[] }));
  const toBatch = (part: typeof rows): SigmoidBatch => ({
    inputs: part.map((r) => r.input),
    targets: part.map((r) => r.target),
    weights: part.map((r) => weightsOf(r.target)),
  });

  let best: { layers: NetLayer[]; loss: number } = { layers: cloneLayers(layers), loss: Number.POSITIVE_INFINITY };
  let sinceBest = 0;
  let epoch = 0;
  while (epoch < maxEpochs && sinceBest < patience) {
    epoch += 1;
    const order = shuffled(rows, random);
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start < order.length; start += batchSize) {
      lossSum += sigmoidGradients(layers, toBatch(order.slice(start, start + batchSize)), l2, grads);
      adam.update(layers, grads);
      batches += 1;
      if (batches % BATCHES_PER_TURN === 0) {
        await nextTurn();
        options.signal?.throwIfAborted();
      }
    }
    const loss = lossSum / batches;
    if (loss < best.loss - MIN_IMPROVEMENT) {
      best = { layers: cloneLayers(layers), loss };
      sinceBest = 0;
    } else {
      sinceBest += 1;
    }
    options.onProgress?.({ epoch, maxEpochs, loss, validationLoss: null });
    await nextTurn();
    options.signal?.throwIfAborted();
  }
  return {
    parameters: {
      architecture,
      inputDim,
      labels: [...labels],
      layers: toDenseLayers(best.layers),
      output: 'sigmoid',
    } satisfies HeadParameters,
    epochs: epoch,
    stoppedEarly: epoch < maxEpochs,
    finalLoss: best.loss,
  };
}
