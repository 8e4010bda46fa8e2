// Writes a BERT-architecture encoder as ONNX (opset 17) in the op patterns onnxruntime fuses: attention, LayerNorm, GELU.
import {
  attr,
  float,
  int64s,
  node,
  tensor,
  valueInfo,
  type GraphNode,
} from '../adapters/inference/onnx/onnx-builder.js';
import { INT8_WEIGHT_LIMIT } from '../adapters/inference/int8-weight-range.js';
import { encodeModel, OnnxDataType } from '../adapters/inference/onnx/onnx-proto.js';
import { seededRandom, uniformValues } from '../core/shared/seeded-random.js';

/** Graph input and output names, as in Hugging Face / optimum exports. */
export const BERT_GRAPH_IO = {
  inputIds: 'input_ids',
  attentionMask: 'attention_mask',
  tokenTypeIds: 'token_type_ids',
  output: 'last_hidden_state',
} as const;

export interface BertShape {
  layers: number;
  hidden: number;
  heads: number;
  ffn: number;
  vocabSize: number;
  maxPositions: number;
  typeVocabSize: number;
  layerNormEps: number;
}

export interface BertGraphOptions {
  seed: number;
  /** Dynamic int8 quantisation of every linear layer (DynamicQuantizeLinear + MatMulInteger). */
  int8?: boolean;
}

const WEIGHT_STD = 0.02;
const MASK_BIAS = -10000;

class GraphWriter {
  readonly nodes: GraphNode[] = [];
  readonly initializers: object[] = [];
  private readonly random: () => number;
  private readonly quantised = new Map<string, [string, string, string]>();

  constructor(
    seed: number,
    private readonly int8: boolean,
  ) {
    this.random = seededRandom(seed);
    this.initializers.push(
      float('one', 1),
      float('half', 0.5),
      float('sqrt2', Math.SQRT2),
      float('mask_bias', MASK_BIAS),
    );
    this.initializers.push(
      int64s('i64_0', [0], true),
      int64s('i64_1', [1], true),
      int64s('axes_0', [0]),
      int64s('axes_1', [1]),
      int64s('axes_2', [2]),
    );
    this.initializers.push(tensor('w_zero_point', [], Int8Array.of(0)));
  }

  add(opType: string, inputs: string[], output: string, attributes: object[] = []): string {
    this.nodes.push(node(opType, inputs, [output], attributes));
    return output;
  }

  weights(name: string, dims: number[], std = WEIGHT_STD, offset = 0): Float32Array {
    const values = uniformValues(
      this.random,
      dims.reduce((a, b) => a * b, 1),
      std,
      offset,
    );
    this.initializers.push(tensor(name, dims, values));
    return values;
  }

  /**
   * y = x·W + b with W [inDim, outDim] of standard deviation 1/√inDim (so layers change the residual stream as much as
   * trained ones do); int8 mode quantises W per tensor (symmetric, ±INT8_WEIGHT_LIMIT) and x per call, from the same
   * random values.
   */
  linear(x: string, name: string, inDim: number, outDim: number): string {
    const bias = `${name}.bias`;
    const std = 1 / Math.sqrt(inDim);
    this.weights(bias, [outDim]);
    if (!this.int8) {
      this.weights(`${name}.weight`, [inDim, outDim], std);
      return this.add('Add', [this.add('MatMul', [x, `${name}.weight`], `${name}.matmul`), bias], `${name}.out`);
    }
    const w = uniformValues(this.random, inDim * outDim, std);
    const scale = w.reduce((m, v) => Math.max(m, Math.abs(v)), 0) / INT8_WEIGHT_LIMIT || 1;
    this.initializers.push(
      tensor(
        `${name}.weight_q`,
        [inDim, outDim],
        Int8Array.from(w, (v) => Math.round(v / scale)),
      ),
    );
    this.initializers.push(float(`${name}.weight_scale`, scale));
    const [xq, xScale, xZero] = this.quantise(x);
    const acc = this.add('MatMulInteger', [xq, `${name}.weight_q`, xZero, 'w_zero_point'], `${name}.int32`);
    const accF = this.add('Cast', [acc], `${name}.float`, [attr.int('to', OnnxDataType.FLOAT)]);
    const scaleOut = this.add('Mul', [xScale, `${name}.weight_scale`], `${name}.scale`);
    return this.add('Add', [this.add('Mul', [accF, scaleOut], `${name}.matmul`), bias], `${name}.out`);
  }

  layerNorm(x: string, name: string, hidden: number, eps: number): string {
    this.weights(`${name}.weight`, [hidden], 0.02, 1);
    this.weights(`${name}.bias`, [hidden]);
    return this.add('LayerNormalization', [x, `${name}.weight`, `${name}.bias`], `${name}.out`, [
      attr.int('axis', -1),
      attr.float('epsilon', eps),
    ]);
  }

  private quantise(x: string): [string, string, string] {
    let q = this.quantised.get(x);
    if (!q) {
      q = [`${x}.q`, `${x}.q_scale`, `${x}.q_zero_point`];
      this.nodes.push(node('DynamicQuantizeLinear', [x], q));
      this.quantised.set(x, q);
    }
    return q;
  }
}

function embeddings(g: GraphWriter, s: BertShape): string {
  const { inputIds, tokenTypeIds } = BERT_GRAPH_IO;
  g.weights('embeddings.word_embeddings.weight', [s.vocabSize, s.hidden]);
  g.weights('embeddings.position_embeddings.weight', [s.maxPositions, s.hidden]);
  g.weights('embeddings.token_type_embeddings.weight', [s.typeVocabSize, s.hidden]);
  const words = g.add('Gather', ['embeddings.word_embeddings.weight', inputIds], 'embeddings.words', [
    attr.int('axis', 0),
  ]);
  const shape = g.add('Shape', [inputIds], 'embeddings.input_shape');
  const length = g.add('Gather', [shape, 'i64_1'], 'embeddings.seq_len', [attr.int('axis', 0)]);
  const range = g.add('Range', ['i64_0', length, 'i64_1'], 'embeddings.range');
  const positionIds = g.add('Unsqueeze', [range, 'axes_0'], 'embeddings.position_ids');
  const positions = g.add('Gather', ['embeddings.position_embeddings.weight', positionIds], 'embeddings.positions', [
    attr.int('axis', 0),
  ]);
  const types = g.add('Gather', ['embeddings.token_type_embeddings.weight', tokenTypeIds], 'embeddings.types', [
    attr.int('axis', 0),
  ]);
  const sum = g.add('Add', [g.add('Add', [words, positions], 'embeddings.sum1'), types], 'embeddings.sum');
  return g.layerNorm(sum, 'embeddings.LayerNorm', s.hidden, s.layerNormEps);
}

/** [B, S] mask of 1/0 → additive [B, 1, 1, S] bias of 0 / -10000 (the pattern of PyTorch BERT exports). */
function maskBias(g: GraphWriter): string {
  const m1 = g.add('Unsqueeze', [BERT_GRAPH_IO.attentionMask, 'axes_1'], 'mask.unsqueeze1');
  const m2 = g.add('Unsqueeze', [m1, 'axes_2'], 'mask.unsqueeze2');
  const mf = g.add('Cast', [m2], 'mask.float', [attr.int('to', OnnxDataType.FLOAT)]);
  return g.add('Mul', [g.add('Sub', ['one', mf], 'mask.inverted'), 'mask_bias'], 'mask.bias');
}

function heads(g: GraphWriter, x: string, name: string, perm: number[]): string {
  const reshaped = g.add('Reshape', [x, 'shape_heads'], `${name}.heads`);
  return g.add('Transpose', [reshaped], `${name}.transposed`, [attr.ints('perm', perm)]);
}

function layer(g: GraphWriter, x: string, mask: string, s: BertShape, i: number): string {
  const p = `encoder.layer.${i}`;
  const q = heads(g, g.linear(x, `${p}.attention.self.query`, s.hidden, s.hidden), `${p}.q`, [0, 2, 1, 3]);
  const kT = heads(g, g.linear(x, `${p}.attention.self.key`, s.hidden, s.hidden), `${p}.k`, [0, 2, 3, 1]);
  const v = heads(g, g.linear(x, `${p}.attention.self.value`, s.hidden, s.hidden), `${p}.v`, [0, 2, 1, 3]);
  const scores = g.add('Div', [g.add('MatMul', [q, kT], `${p}.scores_raw`), 'head_scale'], `${p}.scores_scaled`);
  const probs = g.add('Softmax', [g.add('Add', [scores, mask], `${p}.scores`)], `${p}.probs`, [attr.int('axis', -1)]);
  const context = g.add('Transpose', [g.add('MatMul', [probs, v], `${p}.context_heads`)], `${p}.context_t`, [
    attr.ints('perm', [0, 2, 1, 3]),
  ]);
  const merged = g.add('Reshape', [context, 'shape_hidden'], `${p}.context`);
  const attnOut = g.linear(merged, `${p}.attention.output.dense`, s.hidden, s.hidden);
  const x1 = g.layerNorm(
    g.add('Add', [attnOut, x], `${p}.attention.residual`),
    `${p}.attention.output.LayerNorm`,
    s.hidden,
    s.layerNormEps,
  );
  const up = g.linear(x1, `${p}.intermediate.dense`, s.hidden, s.ffn);
  const erf = g.add('Erf', [g.add('Div', [up, 'sqrt2'], `${p}.gelu.div`)], `${p}.gelu.erf`);
  const gelu = g.add(
    'Mul',
    [g.add('Mul', [up, g.add('Add', [erf, 'one'], `${p}.gelu.add`)], `${p}.gelu.mul`), 'half'],
    `${p}.gelu`,
  );
  const down = g.linear(gelu, `${p}.output.dense`, s.ffn, s.hidden);
  return g.layerNorm(
    g.add('Add', [down, x1], `${p}.output.residual`),
    `${p}.output.LayerNorm`,
    s.hidden,
    s.layerNormEps,
  );
}

/** The serialised model: same shape, seed and options give the same bytes. */
export function buildBertModel(shape: BertShape, options: BertGraphOptions): Uint8Array {
  if (shape.hidden % shape.heads !== 0)
    throw new Error(`hidden ${shape.hidden} is not divisible by heads ${shape.heads}`);
  const g = new GraphWriter(options.seed, options.int8 ?? false);
  const headSize = shape.hidden / shape.heads;
  g.initializers.push(
    int64s('shape_heads', [0, 0, shape.heads, headSize]),
    int64s('shape_hidden', [0, 0, shape.hidden]),
  );
  g.initializers.push(float('head_scale', Math.sqrt(headSize)));
  let x = embeddings(g, shape);
  const mask = maskBias(g);
  for (let i = 0; i < shape.layers; i++) x = layer(g, x, mask, shape, i);
  g.add('Identity', [x], BERT_GRAPH_IO.output);
  const io = BERT_GRAPH_IO;
  return encodeModel({
    ir_version: 8,
    producer_name: 'textclass',
    producer_version: '1',
    doc_string: `synthetic BERT encoder with random weights (seed ${options.seed})${options.int8 ? ', dynamic int8' : ''}`,
    opset_import: [{ domain: '', version: 17 }],
    graph: {
      name: 'synthetic_bert',
      node: g.nodes,
      initializer: g.initializers,
      input: [io.inputIds, io.attentionMask, io.tokenTypeIds].map((n) =>
        valueInfo(n, OnnxDataType.INT64, ['batch', 'sequence']),
      ),
      output: [valueInfo(io.output, OnnxDataType.FLOAT, ['batch', 'sequence', shape.hidden])],
    },
  });
}
