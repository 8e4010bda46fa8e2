// The pruned-bucket table: kept buckets give their rows, others -1, a bucket kept twice its later row; bad input refused.
import { describe, expect, it } from 'vitest';
import { PrunedBucketRows } from './bucket-rows.js';

describe('PrunedBucketRows', () => {
  it('gives each kept bucket its row and -1 for the others, colliding buckets included', () => {
    const table = new PrunedBucketRows(1000);
    for (let i = 0; i < 1000; i++) table.set(i * 4096, i);
    expect(table.size).toBe(1000);
    for (let i = 0; i < 1000; i++) expect(table.get(i * 4096)).toBe(i);
    expect(table.get(1)).toBe(-1);
    expect(table.get(0x7fffffff)).toBe(-1);
  });

  it('keeps the later row of a bucket given twice, as a map would', () => {
    const table = new PrunedBucketRows(2);
    table.set(7, 1);
    table.set(7, 2);
    expect(table.get(7)).toBe(2);
    expect(table.size).toBe(1);
  });

  it('refuses a negative bucket and more buckets than it was made for', () => {
    expect(() => new PrunedBucketRows(1).set(-1, 0)).toThrow(/pruned bucket -1/);
    const small = new PrunedBucketRows(8);
    for (let i = 0; i < 8; i++) small.set(i, i);
    expect(() => small.set(8, 8)).toThrow(/more pruned buckets/);
  });
});
