// The pruned-bucket table: kept buckets give their rows, others -1, a bucket kept twice its later row; bad input refused.
import { describe, expect, it } from 'vitest';
import { PrunedBucketRows } from './bucket-rows.js';

const table = (pairs: Array<[bucket: number, row: number]>) =>
  new PrunedBucketRows(
    Int32Array.from(pairs, ([bucket]) => bucket),
    Int32Array.from(pairs, ([, row]) => row),
  );

describe('PrunedBucketRows', () => {
  it('gives each kept bucket its row and -1 for the others, crowded and sparse ranges alike', () => {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < 1000; i++) pairs.push([(i * 2_654_435_761) % 2_000_000, i]);
    for (let i = 0; i < 50; i++) pairs.push([1_999_000 + i, 1000 + i]);
    const rows = table(pairs);
    expect(rows.size).toBe(1050);
    for (const [bucket, row] of pairs) expect(rows.get(bucket)).toBe(row);
    const kept = new Set(pairs.map(([bucket]) => bucket));
    for (let bucket = 0; bucket < 2_000_000; bucket += 997) if (!kept.has(bucket)) expect(rows.get(bucket)).toBe(-1);
    expect(rows.get(2_000_001)).toBe(-1);
    expect(rows.get(0x7fffffff)).toBe(-1);
  });

  it('keeps the later row of a bucket given twice, as a map would', () => {
    expect(
      table([
        [7, 1],
        [9, 5],
        [7, 2],
      ]).get(7),
    ).toBe(2);
  });

  it('answers -1 for every bucket when none was kept, and refuses a negative bucket', () => {
    expect(table([]).get(0)).toBe(-1);
    expect(table([]).get(5)).toBe(-1);
    expect(() => table([[-1, 0]])).toThrow(/pruned bucket -1/);
  });
});
