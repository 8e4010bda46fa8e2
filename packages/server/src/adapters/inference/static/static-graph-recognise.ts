// Recognises a model.onnx that is exactly the graph buildStaticEmbeddingModel writes, and where its tables lie.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAPPED_INITIALIZER_MIN_BYTES, withMappedInitializers } from '../onnx/onnx-mapped-initializers.js';
import { ModelProto, OnnxDataType } from '../onnx/onnx-proto.js';
import { buildStaticEmbeddingModel } from './static-embedding-graph.js';

/** A tensor's bytes: held (small tensors, decoded with the graph) or a range of the model file (large ones). */
export type TensorBytes = { kind: 'inline'; bytes: Uint8Array } | { kind: 'file'; offset: number; length: number };

/** What running the recognised graph needs; the constants are the file's own. */
export interface StaticGraphLayout {
  storage: 'float32' | 'int8';
  vocabSize: number;
  dimension: number;
  /** [vocabSize, dimension] float32 or int8, little-endian. */
  table: TensorBytes;
  /** int8 storage: [vocabSize, 1] float32 row scales. */
  scales?: TensorBytes;
  /** The `one` of Max(token_count, one) and the `epsilon` of Max(norm, epsilon). */
  one: number;
  epsilon: number;
}

/** A file with no initializer of 1 MiB or more is read whole up to this size (ours are far smaller then). */
const MAX_WHOLE_READ_BYTES = 4 * MAPPED_INITIALIZER_MIN_BYTES;

type Plain = Record<string, unknown>;
type PlainTensor = {
  name?: string;
  dims?: string[];
  data_type?: number;
  raw_data?: Uint8Array;
  external_data?: Array<{ key?: string; value?: string }>;
  data_location?: number;
};

function plainModel(bytes: Uint8Array): Plain {
  return ModelProto.toObject(ModelProto.decode(bytes), { longs: String, bytes: Uint8Array, defaults: false }) as Plain;
}

/** The graph buildStaticEmbeddingModel writes for this storage, with a one-row, one-dimension table. */
const references = new Map<string, Plain>();
function reference(storage: 'float32' | 'int8'): Plain {
  let model = references.get(storage);
  if (!model) {
    model = plainModel(
      buildStaticEmbeddingModel({ vectors: new Float32Array(1), vocabSize: 1, dimension: 1, storage }),
    );
    references.set(storage, model);
  }
  return model;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const withoutNames = (nodes: unknown) => (nodes as Plain[]).map(({ name: _name, ...rest }) => rest);

function isInteger(text: string | undefined): text is string {
  return text !== undefined && /^[0-9]{1,15}$/.test(text);
}

/** The tensor's bytes as written: raw_data, or the external range withMappedInitializers made of it. */
function tensorBytes(tensor: PlainTensor, location: string, fileSize: number): TensorBytes | undefined {
  if (tensor.data_location !== 1) {
    return tensor.external_data?.length ? undefined : { kind: 'inline', bytes: tensor.raw_data ?? new Uint8Array() };
  }
  const entries = new Map((tensor.external_data ?? []).map((entry) => [entry.key, entry.value]));
  const offset = entries.get('offset');
  const length = entries.get('length');
  if (entries.size !== 3 || entries.get('location') !== location || !isInteger(offset) || !isInteger(length)) {
    return undefined;
  }
  if (Number(offset) + Number(length) > fileSize) throw new Error(`a table runs past the end of the file`);
  return { kind: 'file', offset: Number(offset), length: Number(length) };
}

const byteLength = (bytes: TensorBytes) => (bytes.kind === 'inline' ? bytes.bytes.length : bytes.length);

function float32At(bytes: TensorBytes): number | undefined {
  if (bytes.kind !== 'inline' || bytes.bytes.length !== 4) return undefined;
  return new DataView(bytes.bytes.buffer, bytes.bytes.byteOffset, 4).getFloat32(0, true);
}

/** The layout when `model` (decoded, large tensors external) is our graph; undefined when it is another graph. */
function layoutOf(model: Plain, location: string, fileSize: number): StaticGraphLayout | undefined {
  const graph = model.graph as Plain | undefined;
  const tensors = (graph?.initializer ?? []) as PlainTensor[];
  const storage = tensors.some((t) => t.name === 'embeddings_int8') ? 'int8' : 'float32';
  const expected = reference(storage);
  const expectedGraph = expected.graph as Plain;
  if (!graph || !same(model.opset_import, expected.opset_import)) return undefined;
  if (!same(withoutNames(graph.node), withoutNames(expectedGraph.node))) return undefined;
  if (!same(graph.input, expectedGraph.input)) return undefined;
  const expectedTensors = expectedGraph.initializer as PlainTensor[];
  if (tensors.length !== expectedTensors.length) return undefined;
  const byName = new Map(tensors.map((t) => [t.name, t]));
  const tableName = storage === 'int8' ? 'embeddings_int8' : 'embeddings';
  const table = byName.get(tableName);
  const [rows, columns] = table?.dims ?? [];
  if (!isInteger(rows) || !isInteger(columns) || table?.dims?.length !== 2) return undefined;
  const vocabSize = Number(rows);
  const dimension = Number(columns);
  if (vocabSize < 1 || dimension < 1) return undefined;
  const output = JSON.stringify(graph.output ?? null).replace(`"dim_value":"${columns}"`, '"dim_value":"1"');
  if (output !== JSON.stringify(expectedGraph.output)) return undefined;
  const found = new Map<string, TensorBytes>();
  for (const want of expectedTensors) {
    const name = want.name as string;
    const have = byName.get(name);
    if (!have || have.data_type !== want.data_type) return undefined;
    const dims = (want.dims ?? []).map((d, i) =>
      name === tableName ? [rows, columns][i] : name === 'row_scales' && i === 0 ? rows : d,
    );
    if (!same(have.dims ?? [], dims)) return undefined;
    const bytes = tensorBytes(have, location, fileSize);
    if (!bytes) return undefined;
    const elementBytes = have.data_type === OnnxDataType.INT8 ? 1 : have.data_type === OnnxDataType.INT64 ? 8 : 4;
    const length = dims.reduce((product, d) => product * Number(d), elementBytes);
    if (byteLength(bytes) !== length)
      throw new Error(`initializer ${name} holds ${byteLength(bytes)} bytes, not ${length}`);
    if (name.startsWith('axis_') && !same(bytes, tensorBytes(want, location, fileSize))) return undefined;
    found.set(name, bytes);
  }
  const one = float32At(found.get('one') as TensorBytes);
  const epsilon = float32At(found.get('epsilon') as TensorBytes);
  if (one === undefined || epsilon === undefined) return undefined;
  const scales = storage === 'int8' ? found.get('row_scales') : undefined;
  return { storage, vocabSize, dimension, table: found.get(tableName) as TensorBytes, scales, one, epsilon };
}

/**
 * The layout of the static-embedding graph in the file at path, or undefined when the file holds any other graph
 * (it then runs with onnxruntime). Reads only the small fields of a large file; throws when the file is no readable
 * ONNX model (truncated, say) or is our graph but damaged (a table shorter than its shape or past the file's end).
 */
export async function recogniseStaticGraph(path: string): Promise<StaticGraphLayout | undefined> {
  const file = await open(path, 'r');
  let size: number;
  let bytes: Uint8Array | undefined;
  try {
    size = (await file.stat()).size;
    if (size >= MAPPED_INITIALIZER_MIN_BYTES) {
      const mapped = await withMappedInitializers(path).catch((error: unknown) => {
        throw new Error(`${basename(path)}: ${(error as Error).message}`, { cause: error });
      });
      bytes = mapped?.bytes;
    }
    if (!bytes && size <= MAX_WHOLE_READ_BYTES) bytes = await file.readFile();
  } finally {
    await file.close();
  }
  if (!bytes) return undefined;
  let model: Plain;
  try {
    model = plainModel(bytes); // the fields read have onnx.proto's numbers and types: a valid model decodes
  } catch (error) {
    throw new Error(`${basename(path)} is not a readable ONNX model: ${(error as Error).message}`, { cause: error });
  }
  try {
    return layoutOf(model, basename(path), size);
  } catch (error) {
    throw new Error(`${basename(path)}: malformed static-embedding model: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
