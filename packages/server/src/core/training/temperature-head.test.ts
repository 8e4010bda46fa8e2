// A temperature folded into a head's last layer gives softmax(logits / T) from the unchanged forward pass.
import { describe, expect, it } from 'vitest';
import { softmaxAt } from './calibration.js';
import { forward, logitRows, type HeadParameters } from './head-parameters.js';
import { withTemperature } from './temperature-head.js';

const mlp: HeadParameters = {
  architecture: 'mlp',
  inputDim: 2,
  labels: ['a', 'b', 'c'],
  layers: [
    { inDim: 2, outDim: 2, weights: Float32Array.of(1, -1, 0.5, 2), bias: Float32Array.of(0.1, -0.2) },
    { inDim: 2, outDim: 3, weights: Float32Array.of(2, 0, -1, 1, 0.5, 0.5), bias: Float32Array.of(0, 0.3, -0.3) },
  ],
};

describe('withTemperature', () => {
  it('divides only the last layer, so the forward pass returns softmax(z / T)', () => {
    const inputs = [Float32Array.of(0.3, 0.9), Float32Array.of(-1, 0.2)];
    const scaled = withTemperature(mlp, 2.5);
    expect(scaled.layers[0]).toEqual(mlp.layers[0]);
    const expected = logitRows(mlp, inputs).map((z) => softmaxAt(z, 2.5));
    forward(scaled, inputs).forEach((row, i) => row.forEach((p, c) => expect(p).toBeCloseTo(expected[i]?.[c] ?? 0, 6)));
  });

  it('refuses a temperature that is not a positive number', () => {
    expect(() => withTemperature(mlp, 0)).toThrow(/temperature/);
    expect(() => withTemperature(mlp, Number.NaN)).toThrow(/temperature/);
  });
});
