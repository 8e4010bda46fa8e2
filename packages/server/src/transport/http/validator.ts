// express-openapi-validator over the bundled contract: requests always, responses when configured; its request validator kept for the fast lane.
import { createRequire } from 'node:module';
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { cacheValidatorRouteRegexps } from './route-regexp-cache.js';
import { rememberValidatorRouteMatches } from './route-match-memo.js';
import type { CapturedRequestValidator } from './lane-validation.js';

const { RequestValidator } = createRequire(import.meta.url)(
  'express-openapi-validator/dist/middlewares/openapi.request.validator.js',
) as typeof import('express-openapi-validator/dist/middlewares/openapi.request.validator.js');

const contractPath = createRequire(import.meta.url).resolve('@textclass/openapi/openapi.json');

/** The validator's middleware, and its request validator once built (the fast lane runs its compiled functions). */
export interface ContractValidation {
  middleware: RequestHandler[];
  requestValidator: () => CapturedRequestValidator | undefined;
}

interface ValidatorInstance {
  ajvOpts?: { request?: unknown };
  requestValidationMiddleware?: (apiDoc: unknown) => RequestHandler;
}

/**
 * Builds the request validator as express-openapi-validator's own `requestValidationMiddleware` does (one
 * RequestValidator over the preprocessed contract, whose `validate` is the middleware) and keeps the instance.
 */
function keepRequestValidator(validator: unknown): () => CapturedRequestValidator | undefined {
  const instance = validator as ValidatorInstance | undefined;
  let kept: CapturedRequestValidator | undefined;
  if (!instance || typeof instance.requestValidationMiddleware !== 'function') return () => undefined;
  instance.requestValidationMiddleware = (apiDoc: unknown) => {
    const built = new RequestValidator(apiDoc as never, instance.ajvOpts?.request as never);
    kept = built as unknown as CapturedRequestValidator;
    return (req, res, next) => built.validate(req as never, res, next) as void;
  };
  return () => kept;
}

export function contractValidator(validateResponses: boolean): RequestHandler[] {
  return contractValidation(validateResponses).middleware;
}

export function contractValidation(validateResponses: boolean): ContractValidation {
  cacheValidatorRouteRegexps();
  const middleware = OpenApiValidator.middleware({
    apiSpec: contractPath,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
  }) as unknown as RequestHandler[];
  const instance = (OpenApiValidator.middleware as { _oav?: unknown })._oav;
  rememberValidatorRouteMatches(instance);
  return { middleware, requestValidator: keepRequestValidator(instance) };
}
