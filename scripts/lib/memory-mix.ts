// The mixed requests bench:memory sends: one- and eight-text inference, similarity, a dataset record, a model list.

export interface MixedRequest {
  path: string;
  method: string;
  body?: unknown;
}

/** The i-th request of the mix; `text(k)` is the k-th text, new to the embedding cache for each new k. */
export function mixedRequest(i: number, text: (i: number) => string): MixedRequest {
  switch (i % 5) {
    case 0:
      return { path: '/v2/models/1/inference', method: 'POST', body: { texts: [text(i)] } };
    case 1:
      return {
        path: '/v2/models/1/inference',
        method: 'POST',
        body: { texts: [0, 1, 2, 3, 4, 5, 6, 7].map((k) => text(i * 8 + k)) },
      };
    case 2:
      return {
        path: '/v2/similarity',
        method: 'POST',
        body: { base_texts: { a: text(i) }, compare_to_texts: { b: text(i + 1), c: text(i + 2) } },
      };
    case 3:
      return { path: '/v2/datasets/ds_1/records', method: 'POST', body: { text: text(i) } };
    default:
      return { path: '/v2/models', method: 'GET' };
  }
}
