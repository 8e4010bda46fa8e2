// Length-sorted, budgeted padding of tokenised texts into int64 batches.
import { describe, expect, it } from 'vitest';
import { packTokenBatches } from './token-batches.js';

const ids = (...values: number[]) => Int32Array.from(values);

describe('packTokenBatches', () => {
  it('pads each batch to its longest text and masks the padding', () => {
    const [batch] = packTokenBatches([ids(5, 6), ids(7)]);
    expect(batch?.indices).toEqual([1, 0]);
    expect(batch?.sequence).toBe(2);
    expect([...(batch?.inputIds ?? [])]).toEqual([7n, 0n, 5n, 6n]);
    expect([...(batch?.attentionMask ?? [])]).toEqual([1n, 0n, 1n, 1n]);
  });

  it('gives texts without tokens a sequence of at least one padded cell', () => {
    const [batch] = packTokenBatches([ids(), ids()]);
    expect(batch?.sequence).toBe(1);
    expect([...(batch?.attentionMask ?? [])]).toEqual([0n, 0n]);
  });

  it('respects maxRows and maxCells and covers every text exactly once', () => {
    const texts = Array.from({ length: 50 }, (_, i) => Int32Array.from({ length: (i * 7) % 23 }, () => 1));
    const batches = packTokenBatches(texts, { maxRows: 8, maxCells: 64 });
    for (const b of batches) {
      expect(b.rows).toBeLessThanOrEqual(8);
      if (b.rows > 1) expect(b.rows * b.sequence).toBeLessThanOrEqual(64);
    }
    expect(batches.flatMap((b) => b.indices).sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
  });

  it('gives a text longer than maxCells a batch of its own', () => {
    const batches = packTokenBatches([ids(1), Int32Array.from({ length: 100 }, () => 2)], { maxRows: 8, maxCells: 10 });
    expect(batches.map((b) => b.indices)).toEqual([[0], [1]]);
  });

  it('bounds rows × sequence² (attention) as well as rows × sequence', () => {
    const long = Array.from({ length: 12 }, () => Int32Array.from({ length: 128 }, () => 3));
    const batches = packTokenBatches(long, { maxRows: 256, maxCells: 32_768, maxAttentionCells: 4 * 128 * 128 });
    expect(batches.map((b) => b.rows)).toEqual([4, 4, 4]);
    const short = Array.from({ length: 12 }, () => ids(1, 2));
    expect(packTokenBatches(short, { maxRows: 256, maxCells: 32_768, maxAttentionCells: 4 * 128 * 128 })).toHaveLength(
      1,
    );
  });
});
