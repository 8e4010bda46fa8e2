// The path meant by a mistyped one: singular collections, misspellings and the wrong version, with the path's own ids.
import { describe, expect, it } from 'vitest';
import { suggestPath, unknownPathError } from './path-hints.js';

const TEMPLATES = [
  '/v2/models',
  '/v2/models/inference',
  '/v2/models/{model_id}',
  '/v2/models/{model_id}/inference',
  '/v2/datasets/{dataset_id}',
  '/v2/datasets/{dataset_id}/records',
  '/v2/dataset/{dataset_id}/item',
  '/v1/embeddings',
];

describe('suggestPath', () => {
  it('names the endpoint a path slips from, keeping its ids', () => {
    expect(suggestPath(TEMPLATES, '/v2/model/3')).toBe('/v2/models/3');
    expect(suggestPath(TEMPLATES, '/v2/dataset/ds_1')).toBe('/v2/datasets/ds_1');
    expect(suggestPath(TEMPLATES, '/v2/dataset/ds_1/items')).toBe('/v2/dataset/ds_1/item');
    expect(suggestPath(TEMPLATES, '/v2/datasets/ds_1/item')).toBe('/v2/dataset/ds_1/item');
    expect(suggestPath(TEMPLATES, '/v2/datasets/ds_1/record')).toBe('/v2/datasets/ds_1/records');
    expect(suggestPath(TEMPLATES, '/v2/modles/3/inferense')).toBe('/v2/models/3/inference');
    expect(suggestPath(TEMPLATES, '/v1/models/3/inference')).toBe('/v2/models/3/inference');
    expect(suggestPath(TEMPLATES, '/v2/embeddings/')).toBe('/v1/embeddings');
  });

  it('prefers a literal endpoint over an id, and names nothing for a path far from every endpoint', () => {
    expect(suggestPath(TEMPLATES, '/v2/model/inference')).toBe('/v2/models/inference');
    expect(suggestPath(TEMPLATES, '/v2/something/else')).toBeUndefined();
    expect(suggestPath(TEMPLATES, '/v2/models/3/inference/extra')).toBeUndefined();
  });
});

describe('unknownPathError', () => {
  it('is a 404 naming the method and path, with the hint when there is one', () => {
    const error = unknownPathError('POST', '/v2/dataset/ds_1/items');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(
      'no endpoint matches POST /v2/dataset/ds_1/items; did you mean /v2/dataset/ds_1/item? See /docs',
    );
    expect(unknownPathError('GET', '/nowhere').message).toBe('no endpoint matches GET /nowhere; see /docs');
    expect(unknownPathError('GET', `/${'x'.repeat(500)}`).message.length).toBeLessThan(260);
  });
});
