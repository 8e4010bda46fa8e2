// Head graphs: ONNX output equals forward() for both architectures, and the bytes are deterministic.
import { describe, expect, it } from 'vitest';
import { forward, type HeadParameters } from '../../core/training/head-parameters.js';
import { buildHeadGraph, onnxHeadGraphs } from './head-graph.js';
import { seededRandom, uniformValues } from '../../core/shared/seeded-random.js';

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
