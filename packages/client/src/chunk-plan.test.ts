// Unit tests of how texts are grouped into requests of at most 8.
import { describe, expect, it } from 'vitest';
import { planChunks } from './chunk-plan.js';

const texts = (n: number, make = (i: number) => `text ${i}`) => Array.from({ length: n }, (_, i) => make(i));

describe('planChunks', () => {
  it('splits 19 texts into consecutive chunks of 8, 8 and 3', () => {
    const plan = planChunks(texts(19));
    expect(plan.map((c) => c.length)).toEqual([8, 8, 3]);
    expect(plan.flat()).toEqual(texts(19, (i) => String(i)).map(Number));
  });
  it('makes no chunk for no texts', () => {
    expect(planChunks([])).toEqual([]);
  });
  it('gives a chunk of only blank texts one non-blank text from another chunk', () => {
    const input = [...texts(8), '', ' '];
    const plan = planChunks(input);
    expect(plan.map((c) => c.length)).toEqual([8, 2]);
    expect(plan.every((c) => c.some((i) => input[i]!.trim() !== ''))).toBe(true);
    expect(plan.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('leaves an all-blank input as it is (the service decides)', () => {
    expect(planChunks(['', ''])).toEqual([[0, 1]]);
  });
  it('rejects a size below 1', () => {
    expect(() => planChunks(['a'], 0)).toThrow(RangeError);
  });
});
