// Multi-label fitting on a worker thread: the same head, cut-offs, metrics and progress as fitting inline; errors come back.
import { describe, expect, it } from 'vitest';
import { fitMultiLabelHead } from '../../core/training/fit-multi-label.js';
import { clusters } from '../../core/training/testing/clusters.js';
import type { TrainProgress } from '../../core/training/trainer.js';
import { fitMultiLabelOnThread } from './fit-multi-label-thread.js';

const labels = ['billing', 'delivery', 'login'];
// Every fourth example also carries the next label.
const set = clusters({ dim: 16, counts: [30, 30, 30], noise: 0.3, seed: 5 }).map((e, n) => ({
  embedding: e.embedding,
  labels: n % 4 === 0 ? [e.label, (e.label + 1) % 3] : [e.label],
}));

describe('fitMultiLabelOnThread', () => {
  it('fits the same head as fitMultiLabelHead inline, with the same progress reports', async () => {
    const inlineProgress: TrainProgress[] = [];
    const threadProgress: TrainProgress[] = [];
    const options = (into: TrainProgress[]) => ({
      holdoutFraction: 0.2,
      seed: 4,
      train: { maxEpochs: 20, onProgress: (p: TrainProgress) => into.push(p) },
    });
    const inline = await fitMultiLabelHead(set, labels, options(inlineProgress));
    const threaded = await fitMultiLabelOnThread(set, labels, options(threadProgress));
    expect(threaded).toEqual(inline);
    expect(threaded.parameters.output).toBe('sigmoid');
    expect(threadProgress).toEqual(inlineProgress);
    expect(threadProgress.length).toBeGreaterThan(1);
  });

  it("fails with the fit's own message when the examples are wrong", async () => {
    const broken = [...set.slice(0, 8), { embedding: new Float32Array(3), labels: [0] }];
    await expect(fitMultiLabelOnThread(broken, labels, { seed: 1 })).rejects.toThrow(/differ in dimension/);
  });
});
