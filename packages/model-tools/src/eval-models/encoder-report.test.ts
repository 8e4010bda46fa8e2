// The retrieval table and the rounding of the speed figure.
import { describe, expect, it } from 'vitest';
import { retrievalTable, roughRate } from './encoder-report.js';

describe('retrievalTable', () => {
  it('has a column per language in order of first appearance, the paraphrase last, and "–" for a missing one', () => {
    const table = retrievalTable([
      { encoder: 'a', crossLingual: [{ lang: 'de', top1: 0.5 }], paraphrase: 0.9 },
      {
        encoder: 'b',
        crossLingual: [
          { lang: 'de', top1: 0.75 },
          { lang: 'ja', top1: 0.25 },
        ],
        paraphrase: 1,
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| encoder | de → en | ja → en | en paraphrase → en |',
      '|---|---|---|---|',
      '| `a` | 0.500 | – | 0.900 |',
      '| `b` | 0.750 | 0.250 | 1.000 |',
    ]);
  });
});

describe('roughRate', () => {
  it('keeps two significant figures', () => {
    expect(roughRate(12_345)).toBe('12,000');
    expect(roughRate(987)).toBe('990');
    expect(roughRate(9.44)).toBe('9.4');
    expect(roughRate(0)).toBe('0');
  });
});
