// express-openapi-validator over the bundled contract: requests always, responses when configured.
import { createRequire } from 'node:module';
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { cacheValidatorRouteRegexps } from './route-regexp-cache.js';
import { rememberValidatorRouteMatches } from './route-match-memo.js';

const contractPath = createRequire(import.meta.url).resolve('@textclass/openapi/openapi.json');

export function contractValidator(validateResponses: boolean): RequestHandler[] {
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
  rememberValidatorRouteMatches((OpenApiValidator.middleware as { _oav?: unknown })._oav);
  return middleware;
}
