// The head trainer: logistic regression and MLP, class weights, early stopping, determinism, cancelling.
import { describe, expect, it } from 'vitest';
import { evaluate, argmaxRows } from './evaluation.js';
import { forward, logitRows } from './head-parameters.js';
import { clusters } from './testing/clusters.js';
import { balancedClassWeights, trainHead, type LabelledEmbedding, type TrainProgress } from './trainer.js';

const accuracyOn = (params: Parameters<typeof forward>[0], set: LabelledEmbedding[]) =>
  evaluate(
    set.map((e) => e.label),
    argmaxRows(
      forward(
        params,
        set.map((e) => e.embedding),
      ),
    ),
    params.labels,
  );

/** Two classes in the plane that no line separates: the first and third quadrants against the second and fourth. */
function xor(n: number): LabelledEmbedding[] {
  return Array.from({ length: n }, (_, i) => {
    const angle = (2 * Math.PI * (i + 0.5)) / n;
    const x = Math.cos(angle),
      y = Math.sin(angle);
    return { embedding: Float32Array.of(x, y, 1), label: x * y > 0 ? 0 : 1 };
  });
}

describe('trainHead', () => {
  const labels = ['a', 'b', 'c', 'd'];

  it('separates well-separated classes with logistic regression', async () => {
    const set = clusters({ dim: 32, counts: [40, 40, 40, 40], noise: 0.1, seed: 1 });
    const trained = await trainHead(set, labels, { seed: 1 });
    expect(trained.parameters.architecture).toBe('linear');
    expect(trained.parameters.layers).toHaveLength(1);
    expect(
      accuracyOn(trained.parameters, clusters({ dim: 32, counts: [20, 20, 20, 20], noise: 0.1, seed: 1 })).accuracy,
    ).toBe(1);
  });

  it('learns a boundary a linear head cannot with the MLP', async () => {
    const set = xor(200);
    const linear = await trainHead(set, ['same', 'opposite'], { seed: 2, validationFraction: 0, maxEpochs: 100 });
    const mlp = await trainHead(set, ['same', 'opposite'], {
      architecture: 'mlp',
      hiddenUnits: 16,
      learningRate: 0.02,
      seed: 2,
      validationFraction: 0,
      maxEpochs: 300,
      patience: 30,
    });
    expect(mlp.parameters.layers.map((l) => [l.inDim, l.outDim])).toEqual([
      [3, 16],
      [16, 2],
    ]);
    expect(accuracyOn(linear.parameters, set).accuracy).toBeLessThan(0.8);
    expect(accuracyOn(mlp.parameters, set).accuracy).toBeGreaterThan(0.95);
  });

  it('trains an MLP on fewer examples than dimensions in their span and serves it over every dimension', async () => {
    // 4 noisy clusters in 40 of 64 dimensions, 36 examples; the last 24 dimensions are orthogonal to every example.
    const inSubspace = clusters({ dim: 40, counts: [9, 9, 9, 9], noise: 0.3, seed: 21 });
    const widen = (e: LabelledEmbedding, tail: number): LabelledEmbedding => {
      const embedding = new Float32Array(64);
      embedding.set(e.embedding);
      embedding.fill(tail, 40);
      return { embedding, label: e.label };
    };
    const set = inSubspace.map((e) => widen(e, 0));
    const head = await trainHead(set, ['a', 'b', 'c', 'd'], {
      architecture: 'mlp',
      hiddenUnits: 8,
      maxEpochs: 30,
      seed: 3,
    });
    expect(head.parameters.inputDim).toBe(64);
    expect(head.parameters.layers[0]?.inDim).toBe(64);
    expect(head.parameters.layers[0]?.weights.length).toBe(8 * 64);
    expect(accuracyOn(head.parameters, set).accuracy).toBe(1);
    // What no example can teach (the orthogonal dimensions) does not move a score.
    const shifted = logitRows(
      head.parameters,
      inSubspace.map((e) => widen(e, 0.5).embedding),
    );
    logitRows(
      head.parameters,
      set.map((e) => e.embedding),
    ).forEach((row, i) => row.forEach((z, c) => expect(z).toBeCloseTo(shifted[i]?.[c] as number, 4)));
  });

  it('lifts minority recall with balanced class weights', async () => {
    const train = clusters({ dim: 16, counts: [300, 12], noise: 0.5, seed: 3 });
    const test = clusters({ dim: 16, counts: [300, 300], noise: 0.5, seed: 3 }).slice(-300);
    const options = { seed: 3, validationFraction: 0, maxEpochs: 40 } as const;
    const plain = await trainHead(train, ['majority', 'minority'], { ...options, classWeights: 'none' });
    const balanced = await trainHead(train, ['majority', 'minority'], options);
    const recall = (p: typeof plain) => accuracyOn(p.parameters, test).accuracy ?? 0;
    expect(recall(balanced)).toBeGreaterThan(recall(plain) + 0.1);
  });

  it('stops early once the validation loss stops improving and reports every epoch', async () => {
    // Overlapping classes: the validation loss bottoms out long before 500 epochs.
    const set = clusters({ dim: 64, counts: [60, 60], noise: 2, seed: 4 });
    const progress: TrainProgress[] = [];
    const trained = await trainHead(set, ['x', 'y'], {
      seed: 4,
      maxEpochs: 500,
      patience: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(trained.stoppedEarly).toBe(true);
    expect(trained.epochs).toBeLessThan(500);
    expect(progress.map((p) => p.epoch)).toEqual(Array.from({ length: trained.epochs }, (_, i) => i + 1));
    expect(progress.every((p) => p.maxEpochs === 500 && typeof p.validationLoss === 'number')).toBe(true);
    expect(Number.isFinite(trained.finalLoss)).toBe(true);
  });

  it('watches the training loss when the set is too small for a validation slice', async () => {
    const set = clusters({ dim: 16, counts: [30, 30], noise: 0.5, seed: 7 });
    const progress: TrainProgress[] = [];
    const trained = await trainHead(set, ['x', 'y'], { seed: 7, maxEpochs: 1000, onProgress: (p) => progress.push(p) });
    expect(progress.every((p) => p.validationLoss === null)).toBe(true);
    // with the L2 penalty the training objective converges, so it stops before the cap
    expect(trained.stoppedEarly).toBe(true);
  });

  it('gives the same parameters for the same seed', async () => {
    const set = clusters({ dim: 8, counts: [20, 20, 20], noise: 0.3, seed: 5 });
    const [first, second] = await Promise.all([
      trainHead(set, ['a', 'b', 'c'], { seed: 9, architecture: 'mlp' }),
      trainHead(set, ['a', 'b', 'c'], { seed: 9, architecture: 'mlp' }),
    ]);
    expect(first).toEqual(second);
  });

  it('honours an abort signal between epochs', async () => {
    const set = clusters({ dim: 8, counts: [20, 20], noise: 0.3, seed: 6 });
    const controller = new AbortController();
    const epochs: number[] = [];
    const run = trainHead(set, ['a', 'b'], {
      maxEpochs: 100,
      patience: 100,
      signal: controller.signal,
      onProgress: (p) => {
        epochs.push(p.epoch);
        if (p.epoch === 3) controller.abort(new Error('cancelled'));
      },
    });
    await expect(run).rejects.toThrow('cancelled');
    expect(epochs).toEqual([1, 2, 3]);
    await expect(trainHead(set, ['a', 'b'], { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('refuses labels outside the label list and mixed dimensions', async () => {
    await expect(trainHead([{ embedding: Float32Array.of(1), label: 2 }], ['a', 'b'])).rejects.toThrow(
      /outside the 2 labels/,
    );
    await expect(
      trainHead(
        [
          { embedding: Float32Array.of(1), label: 0 },
          { embedding: Float32Array.of(1, 2), label: 1 },
        ],
        ['a', 'b'],
      ),
    ).rejects.toThrow(/dimension/);
  });
});

describe('balancedClassWeights', () => {
  it('weighs classes inversely to their frequency and absent ones 0', () => {
    expect(balancedClassWeights([0, 0, 0, 1], 3)).toEqual([4 / 6, 2, 0]);
  });
});
