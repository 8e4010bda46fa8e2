// Contract validation of a fast-lane request with the very ajv functions express-openapi-validator compiled for its route, without its per-request wrapping.
import type { Request, RequestHandler } from 'express';
import { runChain } from '../shared/middleware-chain.js';
import type { ValidateFunction } from 'ajv';
import { ownValue } from '../../../core/shared/own-value.js';
import type { CapturedRequestValidator, ValidatorInternals } from '@textclass/contract-checks';

interface Parameter {
  $ref?: string;
  in?: string;
  schema?: { type?: string };
  content?: unknown;
}

interface OperationMetadata {
  expressRoute: string;
  schema: { parameters?: Parameter[] };
}

/** A parameter, or the one its `#/components/parameters/…` reference names (undefined for any other reference). */
function resolved(parameter: Parameter, apiDoc: CapturedRequestValidator['apiDoc']): Parameter | undefined {
  if (parameter.$ref === undefined) return parameter;
  const name = /^#\/components\/parameters\/([^/]+)$/.exec(parameter.$ref)?.[1];
  const components = apiDoc.components as { parameters?: Record<string, Parameter> } | undefined;
  const parameters = components?.parameters;
  return name === undefined || parameters === undefined ? undefined : ownValue(parameters, name);
}

interface CompiledCheck {
  general: ValidateFunction;
  body: ValidateFunction;
}

/**
 * The validator's own two functions for this route and content type, taken from its ajv caches under its own key
 * (`METHOD-route-contentType`) once its middleware has validated one such request: the very functions it runs.
 * Undefined where its middleware does more than run them for a body-only route: a parameter outside the path, an
 * array or content-typed parameter, a discriminator.
 */
function compiledCheck(
  util: ValidatorInternals['util'],
  validator: CapturedRequestValidator,
  openapi: OperationMetadata,
  req: unknown,
): CompiledCheck | undefined {
  const parameters = (openapi.schema.parameters ?? []).map((p) => resolved(p, validator.apiDoc));
  if (parameters.some((p) => p?.in !== 'path' || p.content !== undefined || p.schema?.type === 'array'))
    return undefined;
  const key = `POST-${openapi.expressRoute}-${util.ContentType.from(req).normalize() ?? 'not_provided'}`;
  const general = validator.ajv.getSchema(key);
  const body = validator.ajvBody.getSchema(key);
  if (!general || !body) return undefined;
  const bodySchema = (body.schema as { properties?: { body?: { _discriminator?: unknown } } }).properties?.body;
  if (bodySchema?._discriminator !== undefined) return undefined;
  return { general, body };
}

/** What the validator's middleware does with the two functions: run both on the request's parts, or throw its 400. */
function check(
  { util, BadRequest }: ValidatorInternals,
  validator: CapturedRequestValidator,
  compiled: CompiledCheck,
  req: Request,
): void {
  const data = { query: {}, headers: req.headers, params: req.params, cookies: undefined, body: req.body as unknown };
  const valid = compiled.general(data);
  const validBody = compiled.body(data);
  if (valid && validBody) return;
  const errors = util.augmentAjvErrors([...(compiled.general.errors ?? []), ...(compiled.body.errors ?? [])]);
  const error = new BadRequest({ path: req.path, message: validator.ajv.errorsText(errors, { dataVar: 'request' }) });
  error.errors = util.ajvErrorsToValidatorError(400, errors).errors;
  throw error;
}

/**
 * One lane route's contract validation, on the internals the start-up self-check returned. Its first request of a
 * content type runs express-openapi-validator's middleware (`contract`), which compiles the route's schemas; later
 * ones run the compiled functions directly. With
 * response validation on (it reads what the metadata step leaves on the request) every request runs the middleware.
 */
export function laneContractValidation(
  internals: ValidatorInternals,
  contract: readonly RequestHandler[],
  validator: () => CapturedRequestValidator | undefined,
  direct: boolean,
): RequestHandler {
  const checks = new Map<string, CompiledCheck | null>();
  return (req, res, next) => {
    const type = req.headers['content-type'] ?? '';
    const known = checks.get(type);
    const captured = validator();
    if (known && captured) {
      check(internals, captured, known, req);
      next();
      return;
    }
    runChain(contract, req, res, next, () => {
      const openapi = (req as { openapi?: OperationMetadata }).openapi;
      if (direct && known === undefined && captured && openapi) {
        let compiled: CompiledCheck | undefined;
        try {
          compiled = compiledCheck(internals.util, captured, openapi, req);
        } catch {
          compiled = undefined;
        }
        checks.set(type, compiled ?? null);
      }
      next();
    });
  };
}
