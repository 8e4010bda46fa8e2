// The self-check of express-openapi-validator's internals: the installed release passes it; a moved module, export or
// behaviour fails it with a reason, and it never throws.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CHECKED_VALIDATOR_VERSION, checkValidatorInternals, type ValidatorRequire } from './validator-internals.js';

const require = createRequire(import.meta.url);
const real = (): ValidatorRequire => {
  const fromValidator = createRequire(require.resolve('express-openapi-validator'));
  return (id) => (id === 'path-to-regexp' ? fromValidator(id) : require(id));
};
/** The installed modules, with one of them replaced. */
const moved =
  (id: string, replacement: unknown): ValidatorRequire =>
  (wanted) =>
    wanted === id ? replacement : real()(wanted);

describe('the validator internals self-check', () => {
  it('passes on the installed express-openapi-validator, the release package.json pins', () => {
    const { version } = require('express-openapi-validator/package.json') as { version: string };
    expect(version).toBe(CHECKED_VALIDATOR_VERSION);
    const { dependencies } = require('../../package.json') as { dependencies: Record<string, string> };
    expect(dependencies['express-openapi-validator']).toBe(CHECKED_VALIDATOR_VERSION);
    const check = checkValidatorInternals();
    expect(check.ok ? 'ok' : check.reason).toBe('ok');
  });

  it('fails, naming what moved, when an export is gone', () => {
    const util = require('express-openapi-validator/dist/middlewares/util.js') as Record<string, unknown>;
    const check = checkValidatorInternals(
      moved('express-openapi-validator/dist/middlewares/util.js', { ...util, augmentAjvErrors: undefined }),
    );
    expect(check).toEqual({ ok: false, reason: 'util.augmentAjvErrors is not a function' });
  });

  it('fails when an export answers differently (a content-type key in another form)', () => {
    const util = require('express-openapi-validator/dist/middlewares/util.js') as Record<string, unknown>;
    const ContentType = { from: () => ({ normalize: () => 'application/json;charset=utf-8' }) };
    const check = checkValidatorInternals(
      moved('express-openapi-validator/dist/middlewares/util.js', { ...util, ContentType }),
    );
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toMatch(/^ContentType normalises to/);
  });

  it('fails, without throwing, when a module is not there at all', () => {
    const gone: ValidatorRequire = (id) => {
      if (id === 'express-openapi-validator/dist/framework/types.js') throw new Error(`Cannot find module '${id}'`);
      return real()(id);
    };
    const check = checkValidatorInternals(gone);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toMatch(/^cannot load it: Cannot find module/);
  });
});
