// Multi-label head graphs end in Sigmoid and run as forward() computes them; single-label graphs keep their exact bytes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forward, type HeadParameters } from '../../../core/training/head-parameters.js';
import { seededRandom, uniformValues } from '../../../core/shared/seeded-random.js';
import { buildHeadGraph, checkHeadGraph, onnxHeadGraphs } from './head-graph.js';

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

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('multi-label head graphs', () => {
  it('keeps the bytes of single-label graphs as they were before multi-label heads existed', () => {
    // Hashes of these two heads as built by the head graph writer before the Sigmoid output was added.
    expect(sha256(buildHeadGraph(randomHead('linear', 1)))).toBe(
      'a7abaf872f909555dfe4d6fc6e986d88631473cb609570525de12b0fff532906',
    );
    expect(sha256(buildHeadGraph(randomHead('mlp', 2)))).toBe(
      'bf518e8138110b5258bc20329a4a597a4898147b2afefdeb15493664e7025078',
    );
  });

  for (const architecture of ['linear', 'mlp'] as const) {
    it(`runs a ${architecture} sigmoid head as forward() computes it: independent scores, not a distribution`, async () => {
      const params: HeadParameters = { ...randomHead(architecture, 5), output: 'sigmoid' };
      const loaded = await onnxHeadGraphs.load(buildHeadGraph(params));
      try {
        const onnx = await loaded.run(embeddings);
        const reference = forward(params, embeddings);
        onnx.forEach((row, i) =>
          row.forEach((p, j) => expect(Math.abs(p - (reference[i]?.[j] ?? Number.NaN))).toBeLessThan(1e-5)),
        );
        const sums = onnx.map((row) => row.reduce((a, b) => a + b, 0));
        expect(sums.some((s) => Math.abs(s - 1) > 0.1)).toBe(true);
      } finally {
        await loaded.release();
      }
    });
  }

  it('passes the serving check only as a multi-label graph (its rows need not sum to 1)', async () => {
    const graph = buildHeadGraph({ ...randomHead('linear', 5), output: 'sigmoid' });
    expect(await checkHeadGraph(graph, { inputDim: 24, labels: 5, multiLabel: true })).toBeNull();
    expect(await checkHeadGraph(graph, { inputDim: 24, labels: 5 })).toMatchObject({ part: 'output' });
  });
});
