// Writes a static-embedding ONNX graph: Gather → masked mean over tokens → L2 normalise.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { encodeModel, OnnxAttributeType, OnnxDataType } from '../onnx/onnx-proto.js';

/** Names of the graph's inputs and output, shared with the encoder that runs it. */
export const STATIC_GRAPH_IO = {
  inputIds: 'input_ids',
  attentionMask: 'attention_mask',
  output: 'sentence_embedding',
} as const;

export const STATIC_GRAPH_OPSET = 17;
const IR_VERSION = 8;
const NORM_EPSILON = 1e-12;

export interface StaticEmbeddingModelSpec {
  /** Row-major [vocabSize, dimension] table; row 0 is padding/unknown and should be zeros. */
  vectors: Float32Array;
  vocabSize: number;
  dimension: number;
  /** Free-text provenance stored in the model's doc_string. */
  docString?: string;
  /** 'int8': the table is stored as int8 with one float scale per row (a quarter of the bytes). */
  storage?: 'float32' | 'int8';
}

/** Symmetric per-row int8 quantisation: row ≈ scale × q, q in [-127, 127]. */
export function quantiseRows(vectors: Float32Array, dimension: number): { values: Int8Array; scales: Float32Array } {
  const rows = vectors.length / dimension;
  const values = new Int8Array(vectors.length);
  const scales = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let max = 0;
    for (let d = row * dimension; d < (row + 1) * dimension; d++) max = Math.max(max, Math.abs(vectors[d] as number));
    const scale = Math.fround(max / 127);
    scales[row] = scale;
    if (scale === 0) continue;
    for (let d = row * dimension; d < (row + 1) * dimension; d++)
      values[d] = Math.round((vectors[d] as number) / scale);
  }
  return { values, scales };
}

function littleEndianBytes(values: Float32Array | BigInt64Array | Int8Array): Uint8Array {
  if (values instanceof Int8Array) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.length * values.BYTES_PER_ELEMENT);
  const view = new DataView(out.buffer);
  if (values instanceof Float32Array) values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  else values.forEach((v, i) => view.setBigInt64(i * 8, v, true));
  return out;
}

function tensor(name: string, dims: number[], values: Float32Array | BigInt64Array | Int8Array) {
  const dataType =
    values instanceof Float32Array
      ? OnnxDataType.FLOAT
      : values instanceof Int8Array
        ? OnnxDataType.INT8
        : OnnxDataType.INT64;
  return { name, dims, data_type: dataType, raw_data: littleEndianBytes(values) };
}

function node(opType: string, inputs: string[], outputs: string[], attribute: object[] = []) {
  return { op_type: opType, name: outputs[0], input: inputs, output: outputs, attribute };
}

const intAttr = (name: string, i: number) => ({ name, type: OnnxAttributeType.INT, i });

function valueInfo(name: string, elemType: number, dims: Array<string | number>) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dim_param: d } : { dim_value: d }));
  return { name, type: { tensor_type: { elem_type: elemType, shape: { dim } } } };
}

/** Token vectors from the float table, or from the int8 table times each row's scale. */
function lookupNodes(storage: 'float32' | 'int8') {
  const { inputIds } = STATIC_GRAPH_IO;
  if (storage === 'float32') return [node('Gather', ['embeddings', inputIds], ['token_vectors'], [intAttr('axis', 0)])];
  return [
    node('Gather', ['embeddings_int8', inputIds], ['token_values'], [intAttr('axis', 0)]),
    node('Cast', ['token_values'], ['token_values_f'], [intAttr('to', OnnxDataType.FLOAT)]),
    node('Gather', ['row_scales', inputIds], ['token_scales'], [intAttr('axis', 0)]),
    node('Mul', ['token_values_f', 'token_scales'], ['token_vectors']),
  ];
}

function graphNodes(storage: 'float32' | 'int8') {
  const { attentionMask, output } = STATIC_GRAPH_IO;
  return [
    ...lookupNodes(storage),
    node('Cast', [attentionMask], ['mask_f'], [intAttr('to', OnnxDataType.FLOAT)]),
    node('Unsqueeze', ['mask_f', 'axis_2'], ['mask_3d']),
    node('Mul', ['token_vectors', 'mask_3d'], ['masked_vectors']),
    node('ReduceSum', ['masked_vectors', 'axis_1'], ['vector_sum'], [intAttr('keepdims', 0)]),
    node('ReduceSum', ['mask_f', 'axis_1'], ['token_count'], [intAttr('keepdims', 1)]),
    node('Max', ['token_count', 'one'], ['safe_count']),
    node('Div', ['vector_sum', 'safe_count'], ['mean_vector']),
    node('Mul', ['mean_vector', 'mean_vector'], ['squares']),
    node('ReduceSum', ['squares', 'axis_1'], ['square_sum'], [intAttr('keepdims', 1)]),
    node('Sqrt', ['square_sum'], ['norm']),
    node('Max', ['norm', 'epsilon'], ['safe_norm']),
    node('Div', ['mean_vector', 'safe_norm'], [output]),
  ];
}

/** Builds the serialised ONNX model (deterministic bytes for the same input). */
export function buildStaticEmbeddingModel(spec: StaticEmbeddingModelSpec): Uint8Array {
  const { vectors, vocabSize, dimension } = spec;
  if (!Number.isInteger(vocabSize) || vocabSize < 1) throw new Error('vocabSize must be a positive integer');
  if (!Number.isInteger(dimension) || dimension < 1) throw new Error('dimension must be a positive integer');
  if (vectors.length !== vocabSize * dimension) {
    throw new Error(`vectors has ${vectors.length} values, expected ${vocabSize} × ${dimension}`);
  }
  const { inputIds, attentionMask, output } = STATIC_GRAPH_IO;
  const storage = spec.storage ?? 'float32';
  const quantised = storage === 'int8' ? quantiseRows(vectors, dimension) : undefined;
  const table = quantised
    ? [
        tensor('embeddings_int8', [vocabSize, dimension], quantised.values),
        tensor('row_scales', [vocabSize, 1], quantised.scales),
      ]
    : [tensor('embeddings', [vocabSize, dimension], vectors)];
  const graph = {
    name: 'static_embedding',
    node: graphNodes(storage),
    initializer: [
      ...table,
      tensor('axis_1', [1], BigInt64Array.of(1n)),
      tensor('axis_2', [1], BigInt64Array.of(2n)),
      tensor('one', [], Float32Array.of(1)),
      tensor('epsilon', [], Float32Array.of(NORM_EPSILON)),
    ],
    input: [
      valueInfo(inputIds, OnnxDataType.INT64, ['batch', 'sequence']),
      valueInfo(attentionMask, OnnxDataType.INT64, ['batch', 'sequence']),
    ],
    output: [valueInfo(output, OnnxDataType.FLOAT, ['batch', dimension])],
  };
  return encodeModel({
    ir_version: IR_VERSION,
    producer_name: 'textclass',
    producer_version: '1',
    doc_string: spec.docString ?? 'static word embedding: masked mean of token vectors, L2-normalised',
    opset_import: [{ domain: '', version: STATIC_GRAPH_OPSET }],
    graph,
  });
}

/** Writes the model to outPath (creating folders) and returns its SHA-256 hex digest and size. */
export async function writeStaticEmbeddingModel(
  spec: StaticEmbeddingModelSpec & { outPath: string },
): Promise<{ sha256: string; bytes: number }> {
  const bytes = buildStaticEmbeddingModel(spec);
  await mkdir(dirname(spec.outPath), { recursive: true });
  await writeFile(spec.outPath, bytes);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}
