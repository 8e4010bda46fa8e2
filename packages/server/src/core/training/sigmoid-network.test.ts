// The binary cross-entropy gradients of sigmoid outputs match finite differences, for a linear head and an MLP.
import { describe, expect, it } from 'vitest';
import { seededRandom, uniformValues } from '../shared/seeded-random.js';
import { cloneLayers, initLayers, type NetLayer } from './dense-network.js';
import { sigmoid, sigmoidBatchLoss, sigmoidGradients, sigmoidForward, type SigmoidBatch } from './sigmoid-network.js';

function batch(seed: number): SigmoidBatch {
  const random = seededRandom(seed);
  const inputs = Array.from({ length: 6 }, () => uniformValues(random, 5, 1));
  const targets = inputs.map((_, n) => [n % 2, n % 3 === 0 ? 1 : 0, 1, 0]);
  const weights = targets.map((row) => row.map((t, k) => (t === 1 ? 1.5 + k * 0.25 : 0.5)));
  return { inputs, targets, weights };
}

/** The objective sigmoidGradients reports: weighted mean BCE plus (l2 / 2)·‖W‖². */
function objective(layers: NetLayer[], b: SigmoidBatch, l2: number): number {
  let penalty = 0;
  for (const layer of layers) for (const w of layer.w) penalty += 0.5 * l2 * w * w;
  return sigmoidBatchLoss(layers, b) + penalty;
}

describe('sigmoid outputs with binary cross-entropy', () => {
  for (const dims of [
    [5, 4],
    [5, 7, 4],
  ]) {
    it(`gradients of a ${dims.length === 2 ? 'linear head' : 'one-hidden-layer MLP'} match finite differences`, () => {
      const random = seededRandom(3);
      const layers = initLayers(dims, random);
      // A linear head starts at zero; give it weights so that the check is not at a symmetric point.
      for (const layer of layers) {
        for (let i = 0; i < layer.w.length; i += 1) layer.w[i] = (random() - 0.5) * 1.2;
        for (let i = 0; i < layer.b.length; i += 1) layer.b[i] = (random() - 0.5) * 0.4;
      }
      const b = batch(11);
      const l2 = 0.01;
      const grads = cloneLayers(layers);
      const loss = sigmoidGradients(layers, b, l2, grads);
      expect(loss).toBeCloseTo(objective(layers, b, l2), 10);
      const h = 1e-6;
      layers.forEach((layer, l) => {
        for (const key of ['w', 'b'] as const) {
          for (let i = 0; i < layer[key].length; i += 1) {
            const original = layer[key][i] as number;
            layer[key][i] = original + h;
            const up = objective(layers, b, l2);
            layer[key][i] = original - h;
            const down = objective(layers, b, l2);
            layer[key][i] = original;
            const numeric = (up - down) / (2 * h);
            expect(Math.abs(numeric - ((grads[l] as NetLayer)[key][i] as number))).toBeLessThan(1e-6);
          }
        }
      });
    });
  }

  it('gives independent probabilities: each the logistic function of its own logit', () => {
    const layers = initLayers([2, 3], seededRandom(1));
    const layer = layers[0] as NetLayer;
    layer.w.set([1, 0, 0, 1, 1, 1]);
    layer.b.set([0, -1, 2]);
    const [row] = sigmoidForward(layers, [Float32Array.from([2, -1])]);
    expect(row?.[0]).toBeCloseTo(sigmoid(2), 12);
    expect(row?.[1]).toBeCloseTo(sigmoid(-2), 12);
    expect(row?.[2]).toBeCloseTo(sigmoid(3), 12);
    expect(sigmoid(-800)).toBe(0);
    expect(sigmoid(800)).toBe(1);
  });
});
