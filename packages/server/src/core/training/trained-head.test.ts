// Trained heads served through their ONNX graphs score as forward() does.
import { describe, expect, it } from 'vitest';
import { onnxHeadGraphs } from '../../adapters/inference/heads/head-graph.js';
import { trainFewShotHead } from './few-shot.js';
import { forward } from './head-parameters.js';
import { clusters } from './testing/clusters.js';
import { trainedHead } from './trained-head.js';
import { trainHead } from './trainer.js';

const labels = ['billing', 'login', 'shipping'];
const set = clusters({ dim: 20, counts: [30, 30, 30], noise: 0.3, seed: 21 });
const texts = set.map((_, i) => `text ${i}`);
const input = { texts, embeddings: async () => set.map((e) => e.embedding) };

describe('trainedHead', () => {
  it('serves a fine-tuned MLP head through its ONNX graph as forward() scores it', async () => {
    const { parameters } = await trainHead(set, labels, { architecture: 'mlp', hiddenUnits: 8, seed: 1 });
    const head = await trainedHead(onnxHeadGraphs.build(parameters), labels, onnxHeadGraphs);
    try {
      expect(head.labels).toEqual(labels);
      const rows = await head.predict(input);
      const reference = forward(
        parameters,
        set.map((e) => e.embedding),
      );
      rows.forEach((row, i) =>
        row.forEach((p, j) => expect(Math.abs(p - (reference[i]?.[j] ?? Number.NaN))).toBeLessThan(1e-5)),
      );
    } finally {
      await head.release?.();
    }
  });

  it('serves a few-shot head and asks for no embeddings when there are no texts', async () => {
    const parameters = trainFewShotHead(
      set.filter((_, i) => i % 30 < 3),
      labels,
    );
    const head = await trainedHead(onnxHeadGraphs.build(parameters), labels, onnxHeadGraphs);
    try {
      const rows = await head.predict(input);
      rows.forEach((row) => expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5));
      expect(await head.predict({ texts: [], embeddings: () => Promise.reject(new Error('not asked')) })).toEqual([]);
    } finally {
      await head.release?.();
    }
  });

  it("serves a 'text+clauses' head: the clauses embedded by the model's encoder for its workspace, rows end to end", async () => {
    // Texts "opening i, rest i" (every fifth without a break): their clause vectors are other rows of the clusters.
    const phrase = (i: number) => (i % 5 === 0 ? `whole ${i}` : `opening ${i}, rest ${i}`);
    const vectorOf = new Map<string, Float32Array>();
    set.forEach((e, i) => {
      vectorOf.set(`opening ${i}`, set[(i + 7) % set.length]!.embedding);
      vectorOf.set(`rest ${i}`, e.embedding);
    });
    const wide = set.map((e, i) => {
      const row = new Float32Array(60);
      row.set(e.embedding, 0);
      row.set(i % 5 === 0 ? e.embedding : vectorOf.get(`opening ${i}`)!, 20);
      row.set(e.embedding, 40);
      return { embedding: row, label: e.label };
    });
    const { parameters } = await trainHead(wide, labels, { architecture: 'linear', seed: 1 });
    const asked: Array<{ clauses: string[]; workspaceId: number | undefined }> = [];
    const encoder = {
      id: 'test',
      dimension: 20,
      embed: async (clauses: string[], options?: { workspaceId?: number | undefined }) => {
        asked.push({ clauses, workspaceId: options?.workspaceId });
        return clauses.map((c) => vectorOf.get(c)!);
      },
      warmup: async () => undefined,
      health: () => true,
      close: async () => undefined,
    };
    const head = await trainedHead(onnxHeadGraphs.build(parameters), labels, onnxHeadGraphs, {
      clausesFrom: encoder,
      workspaceId: 9,
    });
    try {
      const rows = await head.predict({ texts: set.map((_, i) => phrase(i)), embeddings: input.embeddings });
      const reference = forward(
        parameters,
        wide.map((e) => e.embedding),
      );
      rows.forEach((row, i) =>
        row.forEach((p, j) => expect(Math.abs(p - (reference[i]?.[j] ?? Number.NaN))).toBeLessThan(1e-5)),
      );
      expect(asked).toHaveLength(1);
      expect(asked[0]?.workspaceId).toBe(9);
      expect(asked[0]?.clauses).toHaveLength(2 * (set.length - set.length / 5));
    } finally {
      await head.release?.();
    }
  });

  it('refuses a graph whose outputs do not match the model labels', async () => {
    const parameters = trainFewShotHead(set, labels);
    const head = await trainedHead(onnxHeadGraphs.build(parameters), ['billing', 'login'], onnxHeadGraphs);
    try {
      await expect(head.predict(input)).rejects.toThrow(/3 probabilities for 2 labels/);
    } finally {
      await head.release?.();
    }
  });
});
