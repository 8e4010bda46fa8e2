// The one module that reaches into express-openapi-validator's internals (for the route caches here and a host's fast lane, such as the server's), with the self-check they start on.
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** The express-openapi-validator release these internals were checked on (package.json pins it exactly). */
export const CHECKED_VALIDATOR_VERSION = '5.6.2';

/** Its `dist/middlewares/util.js`: content-type keys and error shaping, as its request middleware uses them. */
export interface ValidatorUtil {
  ContentType: { from(req: unknown): { normalize(): string | undefined } };
  augmentAjvErrors(errors: ErrorObject[]): ErrorObject[];
  ajvErrorsToValidatorError(status: number, errors: ErrorObject[]): { errors: unknown[] };
}

/** The copy of path-to-regexp it resolves (its route lookup calls `pathToRegexp` on it). */
export interface PathToRegexpModule {
  pathToRegexp: (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: unknown[] };
}

/** The instance it keeps as `middleware._oav`, whose methods build its middleware on the first request. */
export interface ValidatorInstance {
  ajvOpts?: { request?: unknown };
  requestValidationMiddleware: (apiDoc: unknown) => RequestHandler;
  metadataMiddleware: (this: unknown, ...args: unknown[]) => RequestHandler;
}

interface AjvCache {
  getSchema(key: string): ValidateFunction | undefined;
}

/** The RequestValidator instance express-openapi-validator builds (its fields are private in its typings). */
export interface CapturedRequestValidator {
  apiDoc: { paths: unknown; components?: unknown };
  ajv: AjvCache & { errorsText(errors: ErrorObject[], options: { dataVar: string }): string };
  ajvBody: AjvCache;
}

/** Everything of the validator's insides the fast lane and the route caches use. */
export interface ValidatorInternals {
  util: ValidatorUtil;
  BadRequest: new (err: { path: string; message: string }) => Error & { errors?: unknown[] };
  RequestValidator: new (
    apiDoc: unknown,
    options: unknown,
  ) => {
    validate(req: unknown, res: unknown, next: unknown): unknown;
  };
  pathToRegexp: PathToRegexpModule;
}

/** The self-check's answer: the internals, or what moved. */
export type InternalsCheck = { ok: true; internals: ValidatorInternals } | { ok: false; reason: string };

/** Loads one of the modules below by name (the default: the installed package; a test hands moved ones). */
export type ValidatorRequire = (id: string) => unknown;

const UTIL = 'express-openapi-validator/dist/middlewares/util.js';
const TYPES = 'express-openapi-validator/dist/framework/types.js';
const REQUEST_VALIDATOR = 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
/** The copy the validator itself resolves, from its own folder. */
const PATH_TO_REGEXP = 'path-to-regexp';

const fromPackage = createRequire(import.meta.url);
const fromInstalledValidator: ValidatorRequire = (id) =>
  id === PATH_TO_REGEXP ? createRequire(fromPackage.resolve('express-openapi-validator'))(id) : fromPackage(id);

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function';

/** What is wrong with the loaded modules, checked by shape and by a few calls with known answers; undefined: none. */
function whatMoved(
  util: Partial<ValidatorUtil>,
  types: { BadRequest?: unknown },
  request: { RequestValidator?: unknown },
  paths: Partial<PathToRegexpModule>,
): string | undefined {
  if (!isFunction(util.ContentType?.from)) return 'util.ContentType.from is not a function';
  if (!isFunction(util.augmentAjvErrors)) return 'util.augmentAjvErrors is not a function';
  if (!isFunction(util.ajvErrorsToValidatorError)) return 'util.ajvErrorsToValidatorError is not a function';
  if (!isFunction(types.BadRequest)) return 'framework/types BadRequest is not a class';
  const RequestValidator = request.RequestValidator as { prototype?: { validate?: unknown } } | undefined;
  if (!isFunction(RequestValidator) || !isFunction(RequestValidator.prototype?.validate))
    return 'RequestValidator.prototype.validate is not a function';
  if (!isFunction(paths.pathToRegexp)) return "its path-to-regexp's pathToRegexp is not a function";
  const key = util.ContentType.from({ headers: { 'content-type': 'Application/JSON; Charset=UTF-8' } }).normalize();
  if (key !== 'application/json; charset=utf-8') return `ContentType normalises to ${JSON.stringify(key)}`;
  const { regexp } = paths.pathToRegexp('/v2/models/:id', { sensitive: false, strict: false });
  if (!(regexp instanceof RegExp) || !regexp.test('/v2/models/abc') || regexp.test('/v2/models/abc/def'))
    return 'pathToRegexp compiles routes differently';
  const errors = util.ajvErrorsToValidatorError(400, []) as { errors?: unknown } | undefined;
  if (!Array.isArray(errors?.errors)) return 'ajvErrorsToValidatorError answers without an errors array';
  return undefined;
}

/**
 * The self-check at start: loads the validator's dist modules and its path-to-regexp, and checks that they are what
 * the fast lane and the route caches were written against. Never throws: a module that moved is a reason.
 */
export function checkValidatorInternals(load: ValidatorRequire = fromInstalledValidator): InternalsCheck {
  try {
    const util = load(UTIL) as Partial<ValidatorUtil>;
    const types = load(TYPES) as { BadRequest?: unknown };
    const request = load(REQUEST_VALIDATOR) as { RequestValidator?: unknown };
    const paths = load(PATH_TO_REGEXP) as Partial<PathToRegexpModule>;
    const reason = whatMoved(util, types, request, paths);
    if (reason !== undefined) return { ok: false, reason };
    return {
      ok: true,
      internals: {
        util: util as ValidatorUtil,
        BadRequest: types.BadRequest as ValidatorInternals['BadRequest'],
        RequestValidator: request.RequestValidator as ValidatorInternals['RequestValidator'],
        pathToRegexp: paths as PathToRegexpModule,
      },
    };
  } catch (error) {
    return { ok: false, reason: `cannot load it: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The instance behind `OpenApiValidator.middleware(…)` (`middleware._oav`) when it has the methods used; else undefined. */
export function validatorInstance(middlewareFactory: unknown): ValidatorInstance | undefined {
  const instance = (middlewareFactory as { _oav?: Partial<ValidatorInstance> } | undefined)?._oav;
  if (!isFunction(instance?.requestValidationMiddleware) || !isFunction(instance.metadataMiddleware)) return undefined;
  return instance as ValidatorInstance;
}
