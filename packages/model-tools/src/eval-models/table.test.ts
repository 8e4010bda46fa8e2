// Markdown layout and the small statistics of the quality tables.
import { describe, expect, it } from 'vitest';
import { distinct, markdownTable, mean, meanCell, sd } from './table.js';

describe('markdownTable', () => {
  it('lays out a header, a rule and rows padded or cut to the header, escaping pipes', () => {
    expect(markdownTable(['a', 'b'], [['1'], ['2', 'x|y', 'extra']])).toBe(
      ['| a | b |', '|---|---|', '| 1 |  |', '| 2 | x\\|y |'].join('\n'),
    );
  });
});

describe('meanCell', () => {
  it('shows the mean, with the sample standard deviation when asked and there are several values', () => {
    expect(meanCell([0.5, 0.7], true)).toBe('0.600 ± 0.141');
    expect(meanCell([0.5, 0.7], false)).toBe('0.600');
    expect(meanCell([0.25], true)).toBe('0.250');
    expect(meanCell([], true)).toBe('–');
  });

  it('rests on mean and sd that handle empty and single inputs', () => {
    expect(mean([])).toBe(0);
    expect(sd([3])).toBe(0);
    expect(sd([1, 3])).toBeCloseTo(Math.SQRT2);
  });
});

describe('distinct', () => {
  it('keeps the order of first appearance', () => {
    expect(distinct(['b', 'a', 'b', 'c'], (x) => x)).toEqual(['b', 'a', 'c']);
  });
});
