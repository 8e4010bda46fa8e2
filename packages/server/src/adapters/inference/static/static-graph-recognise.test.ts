// Only the exact graph buildStaticEmbeddingModel writes runs in JavaScript; other graphs run in onnxruntime; damage fails at load.
import { copyFile, mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelProto } from '../onnx/onnx-proto.js';
import { createOnnxSession } from '../onnx/onnx-runtime.js';
import { STATIC_GRAPH_IO, writeStaticEmbeddingModel } from './static-embedding-graph.js';
import { StaticEncoder } from './static-encoder.js';
import { recogniseStaticGraph } from './static-graph-recognise.js';
import { writeTinyStaticEncoder } from '../testing/tiny-static-encoder.js';

type Node = { op_type: string; input: string[]; output: string[]; attribute: Array<{ name: string; i: unknown }> };
type Tensor = { name: string; dims: unknown[]; raw_data: Uint8Array };
type Model = {
  opset_import: Array<{ version: unknown }>;
  graph: { node: Node[]; initializer: Tensor[]; input: Array<{ name: string }>; output: unknown[] };
};

let dir: string;
let tinyModel: Uint8Array;
const tensor = (model: Model, name: string) => model.graph.initializer.find((t) => t.name === name) as Tensor;
const node = (model: Model, output: string) => model.graph.node.find((n) => n.output[0] === output) as Node;

/** The tiny encoder's model with `change` applied, written to a new file. */
async function changed(name: string, change: (model: Model) => void): Promise<string> {
  const model = ModelProto.decode(Uint8Array.from(tinyModel)) as unknown as Model; // a copy: fields are views
  change(model);
  const path = join(dir, `${name}.onnx`);
  await writeFile(path, ModelProto.encode(model as unknown as Record<string, unknown>).finish());
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-static-recognise-'));
  await mkdir(join(dir, 'tiny'));
  await writeTinyStaticEncoder(join(dir, 'tiny'));
  tinyModel = await readFile(join(dir, 'tiny', 'model.onnx'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('recogniseStaticGraph', () => {
  it('reads the shape and the constants of a written model', async () => {
    const layout = await recogniseStaticGraph(join(dir, 'tiny', 'model.onnx'));
    expect(layout).toMatchObject({ storage: 'float32', vocabSize: 9, dimension: 4, one: 1 });
    expect(layout?.epsilon).toBe(Math.fround(1e-12));
    expect(layout?.table.kind).toBe('inline');
  });

  it('takes epsilon from the file, as onnxruntime does', async () => {
    const path = await changed('epsilon', (model) => {
      new DataView(tensor(model, 'epsilon').raw_data.buffer, tensor(model, 'epsilon').raw_data.byteOffset).setFloat32(
        0,
        0.5,
        true,
      );
    });
    expect((await recogniseStaticGraph(path))?.epsilon).toBe(0.5);
  });

  it.each<[string, (model: Model) => void]>([
    ['another final op', (m) => void (node(m, STATIC_GRAPH_IO.output).op_type = 'Mul')],
    ['keepdims changed', (m) => void ((node(m, 'vector_sum').attribute[0] as { i: unknown }).i = 1)],
    ['another opset', (m) => void ((m.opset_import[0] as { version: unknown }).version = 18)],
    ['another reduced axis', (m) => void (tensor(m, 'axis_1').raw_data[0] = 2)],
    ['an input renamed', (m) => void ((m.graph.input[0] as { name: string }).name = 'ids')],
    ['a node added', (m) => void m.graph.node.push({ ...node(m, 'norm'), output: ['extra'] })],
    ['an initializer added', (m) => void m.graph.initializer.push({ ...tensor(m, 'one'), name: 'two' })],
    ['the wrong output width', (m) => void (m.graph.output = [])],
  ])('gives undefined for a graph with %s', async (name, change) => {
    expect(await recogniseStaticGraph(await changed(name.replaceAll(' ', '-'), change))).toBeUndefined();
  });

  it('fails with a clear error for a table shorter than its shape', async () => {
    const path = await changed('short-table', (model) => {
      tensor(model, 'embeddings').raw_data = tensor(model, 'embeddings').raw_data.subarray(4);
    });
    await expect(recogniseStaticGraph(path)).rejects.toThrow(/malformed static-embedding model: .*embeddings holds/);
  });

  it('fails with a clear error for a truncated file whose table is mapped', async () => {
    const dimension = 64;
    const vocabSize = 20_000; // 1.28 MB int8 table: a range of the file
    const path = join(dir, 'large.onnx');
    await writeStaticEmbeddingModel({
      vectors: new Float32Array(vocabSize * dimension).fill(0.25),
      vocabSize,
      dimension,
      storage: 'int8',
      outPath: path,
    });
    expect((await recogniseStaticGraph(path))?.table.kind).toBe('file');
    await copyFile(path, join(dir, 'cut.onnx'));
    await truncate(join(dir, 'cut.onnx'), 1_100_000); // past 1 MiB: read by field headers
    await expect(recogniseStaticGraph(join(dir, 'cut.onnx'))).rejects.toThrow(/malformed ONNX file/);
  });
});

describe('StaticEncoder', () => {
  it('runs a graph that is not exactly ours in onnxruntime, with its answers', async () => {
    const other = join(dir, 'other');
    await mkdir(other);
    await writeTinyStaticEncoder(other);
    const path = await changed('identity', (model) => {
      node(model, STATIC_GRAPH_IO.output).output = ['before_identity'];
      model.graph.node.push({
        op_type: 'Identity',
        input: ['before_identity'],
        output: [STATIC_GRAPH_IO.output],
        attribute: [],
      });
    });
    await copyFile(path, join(other, 'model.onnx'));
    const encoder = await StaticEncoder.open(other);
    const reference = await StaticEncoder.open(join(dir, 'tiny'));
    const texts = ['where is my parcel', 'refund please', ''];
    const vectors = await encoder.embed(texts);
    expect(encoder.runsInJavaScript).toBe(false);
    expect(await reference.embed(texts)).toEqual(vectors);
    expect(reference.runsInJavaScript).toBe(true);
    const session = await createOnnxSession(path);
    expect(session.outputNames).toContain(STATIC_GRAPH_IO.output);
    await session.release();
    // InferenceSession is a class at run time; its typings only declare the factory.
    const sessions = ort.InferenceSession as unknown as { prototype: ort.InferenceSession };
    const release = vi.spyOn(sessions.prototype, 'release');
    await encoder.close();
    expect(release).toHaveBeenCalledTimes(1);
    release.mockRestore();
    await reference.close();
  });

  it('refuses to load a truncated model.onnx, naming the encoder', async () => {
    const cut = join(dir, 'cut-encoder');
    await mkdir(cut);
    await writeTinyStaticEncoder(cut, 'cut-static');
    await truncate(join(cut, 'model.onnx'), tinyModel.length - 8);
    const encoder = await StaticEncoder.open(cut);
    await expect(encoder.warmup()).rejects.toThrow(/cut-static/);
  });
});
