// bench:memory's request mix: five kinds in turn, every text a new one.
import { describe, expect, it } from 'vitest';
import { mixedRequest } from './memory-mix.js';

const text = (k: number) => `text ${k}`;

describe('mixedRequest', () => {
  it('cycles one-text and eight-text inference, similarity, a dataset record and a model list', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => `${mixedRequest(i, text).method} ${mixedRequest(i, text).path}`)).toEqual([
      'POST /v2/models/1/inference',
      'POST /v2/models/1/inference',
      'POST /v2/similarity',
      'POST /v2/datasets/ds_1/records',
      'GET /v2/models',
      'POST /v2/models/1/inference',
    ]);
  });

  it('builds each body from the texts of its index', () => {
    expect(mixedRequest(5, text).body).toEqual({ texts: ['text 5'] });
    expect(mixedRequest(6, text).body).toEqual({ texts: [48, 49, 50, 51, 52, 53, 54, 55].map(text) });
    expect(mixedRequest(7, text).body).toEqual({
      base_texts: { a: 'text 7' },
      compare_to_texts: { b: 'text 8', c: 'text 9' },
    });
    expect(mixedRequest(8, text).body).toEqual({ text: 'text 8' });
    expect(mixedRequest(9, text).body).toBeUndefined();
  });
});
