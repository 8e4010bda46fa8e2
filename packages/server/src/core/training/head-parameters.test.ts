// Head parameters: the forward pass (linear and MLP) and the JSON form, refusing bad shapes.
import { describe, expect, it } from 'vitest';
import {
  checkHeadParameters,
  forward,
  headParametersFromJson,
  headParametersToJson,
  type HeadParameters,
} from './head-parameters.js';

const linear: HeadParameters = {
  architecture: 'linear',
  inputDim: 2,
  labels: ['a', 'b'],
  layers: [{ inDim: 2, outDim: 2, weights: Float32Array.of(1, 0, 0, 2), bias: Float32Array.of(0, -1) }],
};

const mlp: HeadParameters = {
  architecture: 'mlp',
  inputDim: 2,
  labels: ['a', 'b'],
  layers: [
    { inDim: 2, outDim: 2, weights: Float32Array.of(1, -1, -1, 1), bias: Float32Array.of(0, 0) },
    { inDim: 2, outDim: 2, weights: Float32Array.of(1, 0, 0, 1), bias: Float32Array.of(0, 0) },
  ],
};

describe('forward', () => {
  it('applies the linear layer and a softmax', () => {
    const [row] = forward(linear, [Float32Array.of(1, 1)]);
    // logits (1, 1): equal probabilities
    expect(row?.[0]).toBeCloseTo(0.5, 12);
    const [other] = forward(linear, [Float32Array.of(0, 1)]);
    // logits (0, 1)
    expect(other?.[1]).toBeCloseTo(Math.E / (1 + Math.E), 12);
  });

  it('applies ReLU between the layers of an MLP', () => {
    // hidden = relu(2, -2) = (2, 0) → logits (2, 0)
    const [row] = forward(mlp, [Float32Array.of(2, 0)]);
    expect(row?.[0]).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 1), 12);
  });

  it('refuses an embedding of the wrong dimension', () => {
    expect(() => forward(linear, [Float32Array.of(1, 2, 3)])).toThrow(/3 dimensions/);
  });
});

describe('JSON form', () => {
  it('round-trips the parameters exactly', () => {
    const json = JSON.parse(JSON.stringify(headParametersToJson(mlp))) as unknown;
    expect(headParametersFromJson(json)).toEqual(mlp);
  });

  it('rejects shapes that do not chain and values that are not finite', () => {
    const json = headParametersToJson(linear);
    expect(() => headParametersFromJson({ ...json, inputDim: 3 })).toThrow(/expected 3/);
    expect(() => headParametersFromJson({ ...json, labels: ['a'] })).toThrow(/2 outputs for 1 labels/);
    const nan = headParametersToJson({
      ...linear,
      layers: [{ ...linear.layers[0]!, bias: Float32Array.of(Number.NaN, 0) }],
    });
    expect(() => headParametersFromJson(nan)).toThrow(/not finite/);
    expect(() => headParametersFromJson({ ...json, architecture: 'tree' })).toThrow(/architecture/);
  });

  it('requires exactly one layer for a linear head', () => {
    expect(() => checkHeadParameters({ ...mlp, architecture: 'linear' })).toThrow(/exactly one layer/);
  });
});
