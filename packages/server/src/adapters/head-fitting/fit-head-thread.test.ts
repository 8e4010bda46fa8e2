// Fitting on a worker thread: the same heads, metrics and progress as fitting inline; errors and aborts come back.
import { describe, expect, it } from 'vitest';
import { fitHead } from '../../core/training/fit.js';
import { clusters } from '../../core/training/testing/clusters.js';
import type { TrainProgress } from '../../core/training/trainer.js';
import { fitHeadOnThread } from './fit-head-thread.js';

const labels = ['billing', 'delivery', 'login'];
const set = clusters({ dim: 24, counts: [60, 50, 40], noise: 0.35, seed: 3 });

describe('fitHeadOnThread', () => {
  it('fits the same MLP as fitHead inline, with the same metrics and the same progress reports', async () => {
    const inlineProgress: TrainProgress[] = [];
    const threadProgress: TrainProgress[] = [];
    const options = (into: TrainProgress[]) => ({
      kind: 'fine-tuned' as const,
      holdoutFraction: 0.2,
      seed: 7,
      train: {
        architecture: 'mlp' as const,
        hiddenUnits: 16,
        maxEpochs: 30,
        onProgress: (p: TrainProgress) => into.push(p),
      },
    });
    const inline = await fitHead(set, labels, options(inlineProgress));
    const threaded = await fitHeadOnThread(set, labels, options(threadProgress));
    expect(threaded).toEqual(inline);
    expect(threadProgress).toEqual(inlineProgress);
    expect(threadProgress.length).toBeGreaterThan(1);
  });

  it('fits the same few-shot head as fitHead inline', async () => {
    const few = set.filter((_, i) => i % 10 === 0);
    const options = { kind: 'few-shot' as const, holdoutFraction: 0.34, seed: 1 };
    expect(await fitHeadOnThread(few, labels, options)).toEqual(await fitHead(few, labels, options));
  });

  it("fails with fitHead's own message when the examples are wrong", async () => {
    const broken = [...set.slice(0, 5), { embedding: new Float32Array(3), label: 0 }];
    const inline = await fitHead(broken, labels, { kind: 'fine-tuned' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(inline).toMatch(/dimensions/);
    await expect(fitHeadOnThread(broken, labels, { kind: 'fine-tuned' })).rejects.toThrow(inline);
  });

  it('stops the thread when the signal aborts, and refuses an aborted signal at once', async () => {
    const controller = new AbortController();
    const running = fitHeadOnThread(set, labels, {
      kind: 'fine-tuned',
      train: {
        architecture: 'mlp',
        maxEpochs: 10_000,
        patience: 10_000,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('stop now')),
      },
    });
    await expect(running).rejects.toThrow('stop now');
    await expect(
      fitHeadOnThread(set, labels, { kind: 'fine-tuned', train: { signal: controller.signal } }),
    ).rejects.toThrow('stop now');
  });
});
