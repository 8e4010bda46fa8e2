// The validator's contract paths are compiled once: same arguments give the same RegExp, other options compile afresh.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contractValidator } from './validator.js';

type Compile = (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: { name: string }[] };
const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

describe('contract path RegExps', () => {
  it('are compiled once per path and options, and still match with their keys', () => {
    contractValidator(false);
    const { pathToRegexp } = fromValidator('path-to-regexp') as { pathToRegexp: Compile };
    const first = pathToRegexp('/v2/models/:model_id/inference', { sensitive: false, strict: false });
    expect(pathToRegexp('/v2/models/:model_id/inference', { sensitive: false, strict: false })).toBe(first);
    expect(pathToRegexp('/v2/models/:model_id/inference', { sensitive: true, strict: false })).not.toBe(first);
    expect(pathToRegexp('/v2/models/:model_id/inference', { end: false })).not.toBe(first);
    expect(first.keys.map((k) => k.name)).toEqual(['model_id']);
    expect(first.regexp.exec('/v2/models/12/inference')?.[1]).toBe('12');
    expect(first.regexp.exec('/v2/models/12/inference')?.[1]).toBe('12');
    expect(first.regexp.exec('/v2/models/12/similarity')).toBeNull();
  });
});
