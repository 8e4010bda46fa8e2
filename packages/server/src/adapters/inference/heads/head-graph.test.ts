// Head graphs: ONNX output equals forward() for both architectures, the bytes are deterministic, and graphs from outside are checked.
import { describe, expect, it } from 'vitest';
import { forward, type HeadParameters } from '../../../core/training/head-parameters.js';
import { buildHeadGraph, checkHeadGraph, onnxHeadGraphs } from './head-graph.js';
import { node, valueInfo } from '../onnx/onnx-builder.js';
import { encodeModel, OnnxDataType } from '../onnx/onnx-proto.js';
import { seededRandom, uniformValues } from '../../../core/shared/seeded-random.js';

function randomHead(architecture: 'linear' | 'mlp', seed: number): HeadParameters {
  const random = seededRandom(seed);
  const dims = architecture === 'mlp' ? [24, 16, 5] : [24, 5];
  const layers = dims.slice(1).map((outDim, i) => {
    const inDim = dims[i] ?? 0;
    return {
      inDim,
      outDim,
      weights: uniformValues(random, inDim * outDim, 1),
      bias: uniformValues(random, outDim, 0.5),
    };
  });
  return { architecture, inputDim: 24, labels: ['a', 'b', 'c', 'd', 'e'], layers };
}

const embeddings = (() => {
  const random = seededRandom(99);
  return Array.from({ length: 7 }, () => uniformValues(random, 24, 0.4));
})();

describe('onnxHeadGraphs', () => {
  for (const architecture of ['linear', 'mlp'] as const) {
    it(`runs a ${architecture} head as forward() computes it`, async () => {
      const params = randomHead(architecture, architecture === 'mlp' ? 2 : 1);
      const loaded = await onnxHeadGraphs.load(onnxHeadGraphs.build(params));
      try {
        const onnx = await loaded.run(embeddings);
        const reference = forward(params, embeddings);
        expect(onnx).toHaveLength(7);
        onnx.forEach((row, i) =>
          row.forEach((p, j) => expect(Math.abs(p - (reference[i]?.[j] ?? Number.NaN))).toBeLessThan(1e-5)),
        );
        // the logits are spread enough that the rows are not all near-uniform
        expect(Math.max(...reference.flat())).toBeGreaterThan(0.5);
        expect(await loaded.run([])).toEqual([]);
      } finally {
        await loaded.release();
      }
    });
  }

  it('writes the same bytes for the same parameters', () => {
    expect(buildHeadGraph(randomHead('mlp', 3))).toEqual(buildHeadGraph(randomHead('mlp', 3)));
    expect(buildHeadGraph(randomHead('mlp', 3))).not.toEqual(buildHeadGraph(randomHead('mlp', 4)));
  });

  it('refuses parameters whose shapes do not chain', () => {
    const params = randomHead('linear', 1);
    expect(() => buildHeadGraph({ ...params, labels: ['a'] })).toThrow(/5 outputs for 1 labels/);
  });
});

describe('checkHeadGraph', () => {
  const graph = buildHeadGraph(randomHead('mlp', 5));
  const required = { inputDim: 24, labels: 5 };

  it('passes a head graph of the required shape', async () => {
    expect(await checkHeadGraph(graph, required)).toBeNull();
    expect(await checkHeadGraph(buildHeadGraph(randomHead('linear', 6)), required)).toBeNull();
  });

  it('refuses bytes that are not an ONNX model: random, truncated, empty', async () => {
    const random = seededRandom(11);
    const noise = Uint8Array.from({ length: 512 }, () => Math.floor(random() * 256));
    for (const bytes of [noise, graph.subarray(0, graph.length >> 1), new Uint8Array(0)])
      expect((await checkHeadGraph(bytes, required))?.part, `${bytes.length} bytes`).toBe('format');
  });

  it('passes a bit-flipped graph only when it still serves the required shape', async () => {
    let refused = 0;
    for (let at = 0; at < graph.length; at += 97) {
      const flipped = Uint8Array.from(graph);
      flipped[at] = (flipped[at] ?? 0) ^ 0xff;
      if (await checkHeadGraph(flipped, required)) {
        refused += 1;
        continue;
      }
      const loaded = await onnxHeadGraphs.load(flipped);
      try {
        const rows = await loaded.run(embeddings);
        expect(rows.map((r) => r.length)).toEqual(embeddings.map(() => 5));
      } finally {
        await loaded.release();
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses a head over another embedding dimension or with another number of outputs', async () => {
    expect(await checkHeadGraph(graph, { inputDim: 100, labels: 5 })).toMatchObject({
      part: 'input',
      problem: expect.stringMatching(/100-dimensional/),
    });
    expect(await checkHeadGraph(graph, { inputDim: 24, labels: 3 })).toEqual({
      part: 'labels',
      problem: 'gives 5 probabilities per text',
    });
  });

  it('refuses an ONNX model that is not a head graph: other input or output names, logits instead of probabilities', async () => {
    const softmaxOnly = (input: string, output: string, op = 'Softmax') =>
      encodeModel({
        ir_version: 8,
        opset_import: [{ domain: '', version: 17 }],
        graph: {
          name: 'other',
          node: [node(op, [input], [output])],
          initializer: [],
          input: [valueInfo(input, OnnxDataType.FLOAT, ['batch', 5])],
          output: [valueInfo(output, OnnxDataType.FLOAT, ['batch', 5])],
        },
      });
    const fiveWide = { inputDim: 5, labels: 5 };
    expect(await checkHeadGraph(softmaxOnly('embeddings', 'probabilities'), fiveWide)).toBeNull();
    expect((await checkHeadGraph(softmaxOnly('x', 'probabilities'), fiveWide))?.part).toBe('input');
    expect((await checkHeadGraph(softmaxOnly('embeddings', 'logits'), fiveWide))?.part).toBe('output');
    expect(await checkHeadGraph(softmaxOnly('embeddings', 'probabilities', 'Identity'), fiveWide)).toMatchObject({
      part: 'output',
      problem: expect.stringMatching(/probabilities/),
    });
  });
});
