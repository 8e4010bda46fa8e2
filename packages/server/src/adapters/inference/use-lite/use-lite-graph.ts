// Builds an ONNX graph equivalent to Universal Sentence Encoder lite's TF.js graph (2 "Kona" Transformer layers, masked
// mean pooling, a tanh layer, L2 norm) from its weights; input ids + attention mask in, a 512-d sentence vector out.
import { attr, node, tensor, valueInfo, type GraphNode, type TensorValues } from '../onnx/onnx-builder.js';
import { INT8_WEIGHT_LIMIT } from '../int8-weight-range.js';
import { encodeModel, OnnxDataType } from '../onnx/onnx-proto.js';
import { rowQuantisedDense, type DenseGraph } from './row-quantised-dense.js';
import type { NamedWeight } from './tfjs-weights.js';

export const USE_LITE_IO = { inputIds: 'input_ids', attentionMask: 'attention_mask', output: 'sentence_embedding' };
const OPSET = 17;
const IR_VERSION = 8;

const APPLY = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const MODULE = 'module/Encoder_en/KonaTransformer/Encode/';
const STACK = `${APPLY}TransformerStack/`;

/** The TF.js weight names of one layer's parameters. */
function layerNames(layer: number) {
  const own = `${APPLY}Layer_${layer}/TransformerLayer/`;
  const stack = `${STACK}Layer_${layer}/TransformerLayer/`;
  const concat = '/ConcatPartitions/concat';
  return {
    norm: [
      `${own}layer_prepostprocess/layer_norm/layer_norm_scale${concat}`,
      `${own}layer_prepostprocess/layer_norm/layer_norm_bias${concat}`,
    ],
    qkv: [
      `${MODULE}Layer_${layer}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`,
      `${own}MultiheadAttention/qkv_transform_single/bias${concat}`,
    ],
    out: [
      `${MODULE}Layer_${layer}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`,
      `${own}MultiheadAttention/output_transform_single/bias${concat}`,
    ],
    residual: [`${own}dense/kernel${concat}`, `${own}dense/bias${concat}`],
    ffnNorm: [
      `${own}FFN/layer_prepostprocess/layer_norm/layer_norm_scale${concat}`,
      `${own}FFN/layer_prepostprocess/layer_norm/layer_norm_bias${concat}`,
    ],
    conv1: [`${stack}FFN/conv1/Tensordot/Reshape_1`, `${own}FFN/conv1/bias${concat}`],
    conv2: [`${stack}FFN/conv2/Tensordot/Reshape_1`, `${own}FFN/conv2/bias${concat}`],
    queryScale: `${stack}MultiheadAttention/mul/y`,
    headWidth: `${stack}MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3`,
  } as const;
}

const NAMES = {
  embeddings: 'module/Embeddings_en',
  timescales: `${STACK}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`,
  heads: `${STACK}Layer_1/TransformerLayer/MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/2`,
  normEpsilon: `${STACK}Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`,
  paddingBias: `${STACK}Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y`,
  maxLength: 'module_apply_default/Encoder_en/KonaTransformer/ClipToMaxLength/Less/y',
  tanh: ['module/Encoder_en/hidden_layers/tanh_layer_0/weights', 'module/Encoder_en/hidden_layers/tanh_layer_0/bias'],
  l2Epsilon: 'module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y',
} as const;

/**
 * float32: the weights as published (the graph the TF.js parity test checks); int8: dense layers' weights quantised per
 * column, their inputs per row (row-quantised-dense.ts).
 */
export type UseLiteStorage = 'float32' | 'int8';

/** Symmetric per-column int8 quantisation of a row-major [rows, columns] matrix, to ±INT8_WEIGHT_LIMIT (7 bits). */
export function quantiseColumns(
  matrix: Float32Array,
  rows: number,
  columns: number,
): { values: Int8Array; scales: Float32Array } {
  const scales = new Float32Array(columns);
  for (let c = 0; c < columns; c++) {
    let max = 0;
    for (let r = 0; r < rows; r++) max = Math.max(max, Math.abs(matrix[r * columns + c] as number));
    scales[c] = max > 0 ? max / INT8_WEIGHT_LIMIT : 1;
  }
  const values = new Int8Array(matrix.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      values[r * columns + c] = Math.round((matrix[r * columns + c] as number) / (scales[c] as number));
  return { values, scales };
}

/** Shape facts of the converted model, read from its weights. */
export interface UseLiteShape {
  vocabSize: number;
  dimension: number;
  /** Tokens the model reads at most; the TF.js graph drops the rest. */
  maxLength: number;
}

class GraphWriter implements DenseGraph {
  readonly nodes: GraphNode[] = [];
  readonly initializers: object[] = [];
  private count = 0;

  constructor(
    private readonly weights: ReadonlyMap<string, NamedWeight>,
    private readonly storage: UseLiteStorage,
  ) {}

  weight(name: string): NamedWeight {
    const found = this.weights.get(name);
    if (!found) throw new Error(`USE-lite weights: ${name} is missing`);
    return found;
  }

  scalar(name: string): number {
    return this.weight(name).values[0] as number;
  }

  /** Adds the weight as an initializer with the given dims (a reshape of the same values). */
  init(name: string, dims?: number[]): string {
    const w = this.weight(name);
    const id = `w${this.initializers.length}`;
    this.initializers.push(tensor(id, dims ?? [...w.shape], w.values));
    return id;
  }

  constant(values: TensorValues, dims: number[]): string {
    const id = `c${this.initializers.length}`;
    this.initializers.push(tensor(id, dims, values));
    return id;
  }

  op(type: string, inputs: string[], attributes: object[] = [], domain?: string): string {
    const out = `t${this.count++}`;
    this.nodes.push(node(type, inputs, [out], attributes, domain));
    return out;
  }

  ops(type: string, inputs: string[], outputs: number, attributes: object[] = []): string[] {
    const outs = Array.from({ length: outputs }, () => `t${this.count++}`);
    this.nodes.push(node(type, inputs, outs, attributes));
    return outs;
  }

  /** x · W + b, with W reshaped to [in, out] (Conv2D 1×1 kernels are [1, 1, in, out]). */
  dense(x: string, [kernel, bias]: readonly [string, string] | readonly string[]): string {
    const w = this.weight(kernel as string);
    const out = w.shape[w.shape.length - 1] as number;
    if (this.storage === 'int8') {
      const inputs = w.values.length / out;
      const { values, scales } = quantiseColumns(w.values, inputs, out);
      return rowQuantisedDense(this, x, { values, scales, inputs, outputs: out }, this.init(bias as string));
    }
    return this.op('Add', [
      this.op('MatMul', [x, this.init(kernel as string, [w.values.length / out, out])]),
      this.init(bias as string),
    ]);
  }

  norm(x: string, [scale, bias]: readonly string[], epsilon: number): string {
    return this.op(
      'LayerNormalization',
      [x, this.init(scale as string), this.init(bias as string)],
      [attr.int('axis', -1), attr.float('epsilon', epsilon)],
    );
  }
}

/** Multi-head self-attention as KonaTransformer computes it; bias is [batch, 1, 1, seq] (−1e9 on padding). */
function attention(g: GraphWriter, x: string, layer: number, bias: string, heads: number): string {
  const names = layerNames(layer);
  const width = g.scalar(names.headWidth);
  const model = heads * width;
  const qkv = g.dense(x, names.qkv);
  const split = g.constant(BigInt64Array.of(BigInt(model), BigInt(model), BigInt(model)), [3]);
  const [q, k, v] = g.ops('Split', [qkv, split], 3, [attr.int('axis', 2)]);
  const headsShape = g.constant(BigInt64Array.of(0n, 0n, BigInt(heads), BigInt(width)), [4]);
  const toHeads = (t: string) =>
    g.op('Transpose', [g.op('Reshape', [t, headsShape])], [attr.ints('perm', [0, 2, 1, 3])]);
  const query = g.op('Mul', [toHeads(q as string), g.constant(Float32Array.of(g.scalar(names.queryScale)), [])]);
  const keysT = g.op('Transpose', [g.op('Reshape', [k as string, headsShape])], [attr.ints('perm', [0, 2, 3, 1])]);
  const scores = g.op('Add', [g.op('MatMul', [query, keysT]), bias]);
  const weights = g.op('Softmax', [scores], [attr.int('axis', -1)]);
  const context = g.op(
    'Transpose',
    [g.op('MatMul', [weights, toHeads(v as string)])],
    [attr.ints('perm', [0, 2, 1, 3])],
  );
  const merged = g.op('Reshape', [context, g.constant(BigInt64Array.of(0n, 0n, BigInt(model)), [3])]);
  return g.dense(merged, names.out);
}

/** One pre-norm Transformer layer; layer 0 projects its residual from the embedding width to the model width. */
function transformerLayer(
  g: GraphWriter,
  x: string,
  layer: number,
  bias: string,
  heads: number,
  epsilon: number,
): string {
  const names = layerNames(layer);
  const attended = attention(g, g.norm(x, names.norm, epsilon), layer, bias, heads);
  const residual = layer === 0 ? g.dense(x, names.residual) : x;
  const afterAttention = g.op('Add', [attended, residual]);
  const hidden = g.op('Relu', [g.dense(g.norm(afterAttention, names.ffnNorm, epsilon), names.conv1)]);
  return g.op('Add', [g.dense(hidden, names.conv2), afterAttention]);
}

/** The serialised ONNX model (deterministic bytes for the same weights) and its shape facts. */
export function buildUseLiteModel(
  weights: ReadonlyMap<string, NamedWeight>,
  storage: UseLiteStorage = 'float32',
): { bytes: Uint8Array; shape: UseLiteShape } {
  const g = new GraphWriter(weights, storage);
  const { inputIds, attentionMask, output } = USE_LITE_IO;
  const embeddings = g.weight(NAMES.embeddings);
  const [vocabSize, embeddingWidth] = embeddings.shape as [number, number];
  const heads = g.scalar(NAMES.heads);
  const epsilon = g.scalar(NAMES.normEpsilon);
  const axis1 = g.constant(BigInt64Array.of(1n), [1]);

  const mask = g.op('Cast', [attentionMask], [attr.int('to', OnnxDataType.FLOAT)]);
  const notMask = g.op('Sub', [g.constant(Float32Array.of(1), []), mask]);
  const bias = g.op('Unsqueeze', [
    g.op('Mul', [notMask, g.constant(Float32Array.of(g.scalar(NAMES.paddingBias)), [])]),
    g.constant(BigInt64Array.of(1n, 2n), [2]),
  ]);

  // Timing signal: position p → [sin(p·τ), cos(p·τ)] over the 128 timescales τ, for the positions 0 … seq − 1.
  const sequence = g.op(
    'Gather',
    [g.op('Shape', [inputIds]), g.constant(BigInt64Array.of(1n), [])],
    [attr.int('axis', 0)],
  );
  const positions = g.op(
    'Cast',
    [g.op('Range', [g.constant(BigInt64Array.of(0n), []), sequence, g.constant(BigInt64Array.of(1n), [])])],
    [attr.int('to', OnnxDataType.FLOAT)],
  );
  const angles = g.op('Mul', [g.op('Unsqueeze', [positions, axis1]), g.init(NAMES.timescales)]);
  const signal = g.op('Concat', [g.op('Sin', [angles]), g.op('Cos', [angles])], [attr.int('axis', 1)]);
  // The TF.js graph adds the embeddings twice (once scattered, once with the signal): 2·e + signal.
  const embedded = g.op('Gather', [g.init(NAMES.embeddings), inputIds], [attr.int('axis', 0)]);
  let x = g.op('Add', [g.op('Mul', [embedded, g.constant(Float32Array.of(2), [])]), signal]);

  x = transformerLayer(g, x, 0, bias, heads, epsilon);
  x = transformerLayer(g, x, 1, bias, heads, epsilon);

  // Masked mean over the tokens (at least one), tanh layer, L2 norm.
  const masked = g.op('Mul', [x, g.op('Unsqueeze', [mask, g.constant(BigInt64Array.of(2n), [1])])]);
  const count = g.op('Max', [
    g.op('ReduceSum', [mask, axis1], [attr.int('keepdims', 1)]),
    g.constant(Float32Array.of(1), []),
  ]);
  const mean = g.op('Div', [g.op('ReduceSum', [masked, axis1], [attr.int('keepdims', 0)]), count]);
  const hidden = g.op('Tanh', [g.dense(mean, NAMES.tanh)]);
  const squares = g.op('ReduceSum', [g.op('Mul', [hidden, hidden]), axis1], [attr.int('keepdims', 1)]);
  const inverse = g.op('Reciprocal', [
    g.op('Sqrt', [g.op('Max', [squares, g.constant(Float32Array.of(g.scalar(NAMES.l2Epsilon)), [])])]),
  ]);
  g.nodes.push(node('Mul', [hidden, inverse], [output]));

  const dimension = g.weight(NAMES.tanh[0]).shape[1] as number;
  const bytes = encodeModel({
    ir_version: IR_VERSION,
    producer_name: 'textclass',
    producer_version: '1',
    doc_string: `Universal Sentence Encoder lite converted from its TF.js graph (${vocabSize} pieces, ${embeddingWidth}-d embeddings)`,
    opset_import: [
      { domain: '', version: OPSET },
      ...(storage === 'int8' ? [{ domain: 'com.microsoft', version: 1 }] : []),
    ],
    graph: {
      name: 'use_lite',
      node: g.nodes,
      initializer: g.initializers,
      input: [
        valueInfo(inputIds, OnnxDataType.INT64, ['batch', 'sequence']),
        valueInfo(attentionMask, OnnxDataType.INT64, ['batch', 'sequence']),
      ],
      output: [valueInfo(output, OnnxDataType.FLOAT, ['batch', dimension])],
    },
  });
  return { bytes, shape: { vocabSize, dimension, maxLength: g.scalar(NAMES.maxLength) } };
}
