// Strict path ids over the real contract: the int32 bound, the ds_ / up_ forms, literal paths, and a contract without a pattern.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { checkPathIds, compileIdTemplates, strictPathIds } from './path-ids.js';

const contract = createRequire(import.meta.url)('@textclass/openapi/openapi.dereferenced.json') as {
  paths: Parameters<typeof compileIdTemplates>[0];
};
const templates = compileIdTemplates(contract.paths);
const refused = (path: string) => checkPathIds(templates, path)?.message;

describe('strict path ids', () => {
  it('takes well-formed ids up to 2147483647, in either dataset form', () => {
    for (const path of [
      '/v2/models/1',
      '/v2/models/2147483647/inference',
      '/v2/datasets/ds_2147483647',
      '/v2/datasets/1999999999/records',
      '/v2/datasets/ds_1/uploads/up_123456789012345678',
      '/v2/models/7/training-jobs/123456789012345678',
      '/v2/models/1/',
    ])
      expect(refused(path), path).toBeUndefined();
  });

  it('refuses each lenient or out-of-range form, naming the parameter', () => {
    expect(refused('/v2/models/2147483648')).toBe(
      'model_id: malformed id; expected an integer from 1 to 2147483647, in digits only',
    );
    for (const id of ['ds_2147483648', 'ds_9999999999', '2147483650', 'ds_0', 'DS_1', 'ds_%2B1'])
      expect(refused(`/v2/datasets/${id}`), id).toBe('dataset_id: malformed id; expected an id of the form "ds_1"');
    expect(refused('/v2/datasets/ds_1/uploads/1')).toMatch(
      /^upload_id: malformed id; expected an id of the form "up_1"/,
    );
    expect(refused('/v2/models/1/training-jobs/07')).toMatch(/^job_id: /);
    expect(refused('/v2/models/%ud800/examples')).toMatch(/^model_id: /);
  });

  it('leaves literal paths, unknown paths and paths outside the contract alone', () => {
    for (const path of ['/v2/models/import', '/v2/models/inference', '/v2/nothing/0x1', '/health', '/docs'])
      expect(refused(path), path).toBeUndefined();
  });

  it('the middleware remembers only well-formed paths: a malformed one is refused every time', () => {
    const check = strictPathIds();
    const run = (path: string) => {
      let passed = false;
      check({ path } as Request, {} as Response, () => (passed = true));
      return passed;
    };
    for (let round = 0; round < 3; round++) {
      expect(run('/v2/models/12/inference')).toBe(true);
      expect(() => run('/v2/models/012/inference')).toThrow(/model_id: malformed id/);
      expect(() => run('/v2/models/2147483648/inference')).toThrow(/model_id: malformed id/);
    }
  });

  it('refuses to start over a contract path parameter without a pattern', () => {
    const paths = {
      '/v2/things/{thing_id}': { parameters: [{ name: 'thing_id', in: 'path', schema: { type: 'integer' } }] },
    };
    expect(() => compileIdTemplates(paths)).toThrow(/thing_id .* has no pattern/);
  });
});
