// A trained classification head in portable form (dense layers over an embedding), its forward pass and JSON form.

export type HeadArchitecture = 'linear' | 'mlp';

export interface DenseLayer {
  inDim: number;
  outDim: number;
  /** outDim × inDim, row-major: row o holds the weights of output o. */
  weights: Float32Array;
  bias: Float32Array;
}

/** Dense layers applied in order; every layer but the last is followed by ReLU, the last by softmax. */
export interface HeadParameters {
  architecture: HeadArchitecture;
  inputDim: number;
  labels: string[];
  layers: DenseLayer[];
  /** 'sigmoid': a multi-label head, one independent probability per label instead of the softmax (absent: softmax). */
  output?: 'sigmoid';
}

/** The JSON-safe form: weights and biases as base64 of little-endian float32. */
export interface HeadParametersJson {
  architecture: HeadArchitecture;
  inputDim: number;
  labels: string[];
  layers: Array<{ inDim: number; outDim: number; weights: string; bias: string }>;
}

/** Throws when the layer shapes do not chain from inputDim to one output per label. */
export function checkHeadParameters(params: HeadParameters): void {
  if (params.layers.length === 0) throw new Error('a head needs at least one layer');
  if (params.architecture === 'linear' && params.layers.length !== 1)
    throw new Error('a linear head has exactly one layer');
  let dim = params.inputDim;
  params.layers.forEach((layer, i) => {
    if (layer.inDim !== dim) throw new Error(`layer ${i} takes ${layer.inDim} inputs, expected ${dim}`);
    if (layer.weights.length !== layer.inDim * layer.outDim)
      throw new Error(`layer ${i} has ${layer.weights.length} weights, expected ${layer.inDim * layer.outDim}`);
    if (layer.bias.length !== layer.outDim)
      throw new Error(`layer ${i} has ${layer.bias.length} biases, expected ${layer.outDim}`);
    dim = layer.outDim;
  });
  if (dim !== params.labels.length)
    throw new Error(`the last layer has ${dim} outputs for ${params.labels.length} labels`);
}

function dense(layer: DenseLayer, input: ArrayLike<number>, relu: boolean): Float64Array {
  const out = new Float64Array(layer.outDim);
  for (let o = 0; o < layer.outDim; o += 1) {
    let sum = layer.bias[o] ?? 0;
    const row = o * layer.inDim;
    for (let i = 0; i < layer.inDim; i += 1) sum += (layer.weights[row + i] ?? 0) * (input[i] ?? 0);
    out[o] = relu && sum < 0 ? 0 : sum;
  }
  return out;
}

/** Softmax of a logit vector, in place-free form. */
export function softmaxRow(logits: ArrayLike<number>): number[] {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < logits.length; i += 1) max = Math.max(max, logits[i] ?? 0);
  const exps = Array.from({ length: logits.length }, (_, i) => Math.exp((logits[i] ?? 0) - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((x) => x / total);
}

/** Logit rows (the last layer's outputs, before the softmax or the sigmoids) for a batch of embeddings, in float64. */
export function logitRows(params: HeadParameters, embeddings: readonly Float32Array[]): number[][] {
  return embeddings.map((embedding) => {
    if (embedding.length !== params.inputDim)
      throw new Error(`embedding has ${embedding.length} dimensions, the head takes ${params.inputDim}`);
    let x: Float64Array = Float64Array.from(embedding);
    params.layers.forEach((layer, i) => {
      x = dense(layer, x, i < params.layers.length - 1);
    });
    return Array.from(x);
  });
}

/** Probability rows (softmax over labels, or one sigmoid per label for a multi-label head), computed in float64. */
export function forward(params: HeadParameters, embeddings: readonly Float32Array[]): number[][] {
  const rows = logitRows(params, embeddings);
  return params.output === 'sigmoid' ? rows.map((row) => row.map((z) => 1 / (1 + Math.exp(-z)))) : rows.map(softmaxRow);
}

function toBase64(values: Float32Array): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return Buffer.from(bytes).toString('base64');
}

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length % 4 !== 0) throw new Error('float32 data must be a multiple of 4 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

export function headParametersToJson(params: HeadParameters): HeadParametersJson {
  return {
    architecture: params.architecture,
    inputDim: params.inputDim,
    labels: [...params.labels],
    layers: params.layers.map((l) => ({
      inDim: l.inDim,
      outDim: l.outDim,
      weights: toBase64(l.weights),
      bias: toBase64(l.bias),
    })),
  };
}

/** Parses the JSON form (e.g. an imported model) and checks its shapes; throws on anything malformed. */
export function headParametersFromJson(json: unknown): HeadParameters {
  const j = json as Partial<HeadParametersJson> | null;
  if (!j || (j.architecture !== 'linear' && j.architecture !== 'mlp'))
    throw new Error('head parameters need architecture "linear" or "mlp"');
  if (
    !Number.isInteger(j.inputDim) ||
    !Array.isArray(j.labels) ||
    !j.labels.every((l) => typeof l === 'string') ||
    !Array.isArray(j.layers)
  ) {
    throw new Error('head parameters need an integer inputDim, string labels and layers');
  }
  const layers = j.layers.map((l, i) => {
    if (
      !l ||
      !Number.isInteger(l.inDim) ||
      !Number.isInteger(l.outDim) ||
      typeof l.weights !== 'string' ||
      typeof l.bias !== 'string'
    ) {
      throw new Error(`layer ${i} needs integer inDim, outDim and base64 weights, bias`);
    }
    const layer = { inDim: l.inDim, outDim: l.outDim, weights: fromBase64(l.weights), bias: fromBase64(l.bias) };
    if (![...layer.weights, ...layer.bias].every(Number.isFinite))
      throw new Error(`layer ${i} holds a value that is not finite`);
    return layer;
  });
  const params: HeadParameters = {
    architecture: j.architecture,
    inputDim: j.inputDim as number,
    labels: [...j.labels],
    layers,
  };
  checkHeadParameters(params);
  return params;
}
