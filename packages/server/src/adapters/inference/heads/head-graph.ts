// Trained heads as ONNX graphs: embeddings → Gemm (→ Relu → Gemm …) → Softmax, written with our protobuf writer and run on onnxruntime.
import { checkHeadParameters, type HeadParameters } from '../../../core/training/head-parameters.js';
import type {
  HeadGraphProblem,
  HeadGraphRequirement,
  HeadGraphs,
  LoadedHeadGraph,
} from '../../../core/ports/training.js';
import { attr, node, tensor, valueInfo, type GraphNode } from '../onnx/onnx-builder.js';
import { encodeModel, OnnxDataType } from '../onnx/onnx-proto.js';
import { createOnnxSessionFromBytes, type OnnxSession } from '../onnx/onnx-runtime.js';

/** Names of the head graph's input and output. */
export const HEAD_GRAPH_IO = { input: 'embeddings', output: 'probabilities' } as const;

/** The serialised ONNX model of a head: the same parameters give the same bytes. */
export function buildHeadGraph(params: HeadParameters): Uint8Array {
  checkHeadParameters(params);
  const nodes: GraphNode[] = [];
  const initializers = params.layers.flatMap((layer, i) => [
    tensor(`layer${i}.weight`, [layer.outDim, layer.inDim], layer.weights),
    tensor(`layer${i}.bias`, [layer.outDim], layer.bias),
  ]);
  let x: string = HEAD_GRAPH_IO.input;
  params.layers.forEach((_, i) => {
    const last = i === params.layers.length - 1;
    nodes.push(
      node(
        'Gemm',
        [x, `layer${i}.weight`, `layer${i}.bias`],
        [last ? 'logits' : `layer${i}.linear`],
        [attr.int('transB', 1)],
      ),
    );
    x = last ? 'logits' : `layer${i}.relu`;
    if (!last) nodes.push(node('Relu', [`layer${i}.linear`], [x]));
  });
  // A multi-label head ends in one independent Sigmoid per label; a single-label head in the Softmax (as before).
  nodes.push(
    params.output === 'sigmoid'
      ? node('Sigmoid', ['logits'], [HEAD_GRAPH_IO.output])
      : node('Softmax', ['logits'], [HEAD_GRAPH_IO.output], [attr.int('axis', -1)]),
  );
  return encodeModel({
    ir_version: 8,
    producer_name: 'textclass',
    producer_version: '1',
    doc_string: `${params.architecture} ${params.output === 'sigmoid' ? 'multi-label ' : ''}classification head over ${params.inputDim}-dimensional embeddings, ${params.labels.length} labels`,
    opset_import: [{ domain: '', version: 17 }],
    graph: {
      name: `${params.architecture}_head`,
      node: nodes,
      initializer: initializers,
      input: [valueInfo(HEAD_GRAPH_IO.input, OnnxDataType.FLOAT, ['batch', params.inputDim])],
      output: [valueInfo(HEAD_GRAPH_IO.output, OnnxDataType.FLOAT, ['batch', params.labels.length])],
    },
  });
}

class OnnxHeadGraph implements LoadedHeadGraph {
  constructor(private readonly session: OnnxSession) {}

  async run(embeddings: Float32Array[]): Promise<number[][]> {
    if (embeddings.length === 0) return [];
    const dim = embeddings[0]?.length ?? 0;
    const data = new Float32Array(embeddings.length * dim);
    embeddings.forEach((e, i) => {
      if (e.length !== dim) throw new Error(`embeddings differ in dimension (${e.length} vs ${dim})`);
      data.set(e, i * dim);
    });
    const out = await this.session.runFloat32(
      { [HEAD_GRAPH_IO.input]: { data, dims: [embeddings.length, dim] } },
      HEAD_GRAPH_IO.output,
    );
    const width = out.dims[1] ?? 0;
    return embeddings.map((_, i) => Array.from(out.data.subarray(i * width, (i + 1) * width)));
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** Rows a probe runs through a graph under check: more than one, so a graph that ignores the batch is caught. */
const PROBE_ROWS = 3;

/** Deterministic probe embeddings of `dim` values: unit-length rows of different directions. */
function probe(dim: number): Float32Array {
  const data = new Float32Array(PROBE_ROWS * dim);
  for (let r = 0; r < PROBE_ROWS; r += 1)
    for (let i = 0; i < dim; i += 1) data[r * dim + i] = (((i + r) % (r + 2)) - 0.5) / Math.sqrt(dim);
  return data;
}

/**
 * Checks a graph from outside as the server will run it: it must open as ONNX, take one input `embeddings` of
 * `inputDim` columns and give `probabilities` with one row per embedding and one column per label, each row a
 * probability distribution. The probe runs on a session of its own, released before the answer.
 */
export async function checkHeadGraph(
  graph: Uint8Array,
  required: HeadGraphRequirement,
): Promise<HeadGraphProblem | null> {
  let session: OnnxSession;
  try {
    session = await createOnnxSessionFromBytes(graph, { intraOpThreads: 1 });
  } catch {
    return { part: 'format', problem: 'is not an ONNX model this server can load' };
  }
  try {
    if (session.inputNames.length !== 1 || session.inputNames[0] !== HEAD_GRAPH_IO.input)
      return { part: 'input', problem: `must take exactly one input, named "${HEAD_GRAPH_IO.input}"` };
    if (!session.outputNames.includes(HEAD_GRAPH_IO.output))
      return { part: 'output', problem: `has no output named "${HEAD_GRAPH_IO.output}"` };
    let out;
    try {
      out = await session.runFloat32(
        { [HEAD_GRAPH_IO.input]: { data: probe(required.inputDim), dims: [PROBE_ROWS, required.inputDim] } },
        HEAD_GRAPH_IO.output,
      );
    } catch {
      return { part: 'input', problem: `does not run on ${required.inputDim}-dimensional embeddings` };
    }
    if (out.dims.length !== 2 || out.dims[0] !== PROBE_ROWS)
      return { part: 'output', problem: 'must give one row of probabilities per embedding' };
    if (out.dims[1] !== required.labels)
      return { part: 'labels', problem: `gives ${out.dims[1]} probabilities per text` };
    for (let r = 0; r < PROBE_ROWS; r += 1) {
      const row = Array.from(out.data.subarray(r * required.labels, (r + 1) * required.labels));
      const sum = row.reduce((a, b) => a + b, 0);
      if (!row.every((p) => Number.isFinite(p) && p >= 0 && p <= 1))
        return { part: 'output', problem: 'does not give probabilities (each in [0, 1])' };
      // A multi-label head's scores are independent sigmoids; only a single-label head's row sums to 1.
      if (!required.multiLabel && Math.abs(sum - 1) > 1e-3)
        return { part: 'output', problem: 'does not give probabilities (each row in [0, 1], summing to 1)' };
    }
    return null;
  } finally {
    await session.release();
  }
}

/** Head graphs on onnxruntime: one single-threaded session per loaded head (a head is a few small matrix products). */
export const onnxHeadGraphs: HeadGraphs = {
  build: buildHeadGraph,
  async load(graph) {
    return new OnnxHeadGraph(await createOnnxSessionFromBytes(graph, { intraOpThreads: 1 }));
  },
  check: checkHeadGraph,
};
