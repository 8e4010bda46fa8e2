// Trained heads as ONNX graphs: embeddings → Gemm (→ Relu → Gemm …) → Softmax, written with our protobuf writer and run on onnxruntime.
import { checkHeadParameters, type HeadParameters } from '../../core/training/head-parameters.js';
import type { HeadGraphs, LoadedHeadGraph } from '../../core/ports/training.js';
import { attr, node, tensor, valueInfo, type GraphNode } from './onnx-builder.js';
import { encodeModel, OnnxDataType } from './onnx-proto.js';
import { createOnnxSessionFromBytes, type OnnxSession } from './onnx-runtime.js';

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
  nodes.push(node('Softmax', ['logits'], [HEAD_GRAPH_IO.output], [attr.int('axis', -1)]));
  return encodeModel({
    ir_version: 8,
    producer_name: 'textclass',
    producer_version: '1',
    doc_string: `${params.architecture} classification head over ${params.inputDim}-dimensional embeddings, ${params.labels.length} labels`,
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

/** Head graphs on onnxruntime: one single-threaded session per loaded head (a head is a few small matrix products). */
export const onnxHeadGraphs: HeadGraphs = {
  build: buildHeadGraph,
  async load(graph) {
    return new OnnxHeadGraph(await createOnnxSessionFromBytes(graph, { intraOpThreads: 1 }));
  },
};
