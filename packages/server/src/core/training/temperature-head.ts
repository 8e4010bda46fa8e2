// Folds a softmax temperature into a head: its last layer's weights and biases divided by T give softmax(z / T) unchanged at inference.
import type { HeadParameters } from './head-parameters.js';

export function withTemperature(params: HeadParameters, temperature: number): HeadParameters {
  if (!(temperature > 0 && Number.isFinite(temperature)))
    throw new RangeError(`temperature must be a positive number, got ${temperature}`);
  const last = params.layers.length - 1;
  return {
    ...params,
    labels: [...params.labels],
    layers: params.layers.map((layer, i) =>
      i === last
        ? {
            ...layer,
            weights: layer.weights.map((w) => w / temperature),
            bias: layer.bias.map((b) => b / temperature),
          }
        : layer,
    ),
  };
}
