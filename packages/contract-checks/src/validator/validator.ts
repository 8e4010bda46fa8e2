// express-openapi-validator over the bundled contract: requests always, responses when configured; its request validator kept for the fast lane.
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { CONTRACT_FILE } from '../contract/contract-document.js';
import { cacheValidatorRouteRegexps } from './route-regexp-cache.js';
import { rememberValidatorRouteMatches } from './route-match-memo.js';
import {
  checkValidatorInternals,
  type CapturedRequestValidator,
  validatorInstance,
  type InternalsCheck,
  type ValidatorInstance,
  type ValidatorInternals,
} from './validator-internals.js';

/** The validator's middleware, its request validator once built (the fast lane runs its compiled functions), and the self-check. */
export interface ContractValidation {
  middleware: RequestHandler[];
  requestValidator: () => CapturedRequestValidator | undefined;
  /** The internals the fast lane runs on, or why it may not (they moved): then every request takes the plain path. */
  internals: InternalsCheck;
}

/**
 * Builds the request validator as express-openapi-validator's own `requestValidationMiddleware` does (one
 * RequestValidator over the preprocessed contract, whose `validate` is the middleware) and keeps the instance.
 */
function keepRequestValidator(
  instance: ValidatorInstance,
  { RequestValidator }: ValidatorInternals,
): () => CapturedRequestValidator | undefined {
  let kept: CapturedRequestValidator | undefined;
  instance.requestValidationMiddleware = (apiDoc: unknown) => {
    const built = new RequestValidator(apiDoc, instance.ajvOpts?.request);
    kept = built as unknown as CapturedRequestValidator;
    return (req, res, next) => built.validate(req, res, next) as void;
  };
  return () => kept;
}

export function contractValidator(validateResponses: boolean): RequestHandler[] {
  return contractValidation(validateResponses).middleware;
}

/**
 * The validator over the bundled contract. `check` is the self-check of its internals (a test hands one that fails):
 * when they moved, the middleware is the validator's own, untouched, and `internals` says why the lane must stay off.
 */
export function contractValidation(
  validateResponses: boolean,
  check: () => InternalsCheck = checkValidatorInternals,
): ContractValidation {
  let internals = check();
  if (internals.ok) cacheValidatorRouteRegexps(internals.internals.pathToRegexp);
  const middleware = OpenApiValidator.middleware({
    apiSpec: CONTRACT_FILE,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
  }) as unknown as RequestHandler[];
  const instance = validatorInstance(OpenApiValidator.middleware);
  if (internals.ok && !instance)
    internals = { ok: false, reason: 'middleware._oav has no request or metadata builder' };
  if (!internals.ok || !instance) return { middleware, requestValidator: () => undefined, internals };
  rememberValidatorRouteMatches(instance);
  return { middleware, requestValidator: keepRequestValidator(instance, internals.internals), internals };
}
