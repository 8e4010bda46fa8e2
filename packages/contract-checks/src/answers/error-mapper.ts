// THE error mapper: every failure becomes {status, message, error_code, request_id}; no internals leak.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, type AnswerCode, type AnswerError } from '../errors/http-error.js';
import { unsupportedContentEncoding } from '../middleware/content-encoding.js';
import { requestIdOf } from '../middleware/request-id.js';
import { UnknownPathError, unknownPathError } from './path-hints.js';
import { validationToHttpError, type ValidationItem } from './validation-errors.js';

/** THE code → status map: one status per code of the contract. */
export const STATUS_OF: Record<AnswerCode, number> = {
  MISSING_REQUIRED_FIELD: 400,
  MALFORMED_JSON: 400,
  EMPTY_TEXTS: 400,
  INVALID_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  QUOTA_EXCEEDED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  MODEL_ARCHIVED: 409,
  MODEL_NOT_DEPLOYED: 409,
  DATASET_PROCESSING: 409,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  /** zlib's error code (Z_DATA_ERROR …) when a compressed body does not inflate. */
  code?: unknown;
  /** The content coding body-parser refused. */
  encoding?: string;
  errors?: ValidationItem[];
  headers?: { Allow?: string };
  message?: string;
  limit?: number;
}

/** Recognises the host's own errors that carry a contract code (the server: its core's domain errors); else undefined. */
export type DomainErrors = (err: unknown) => AnswerError | undefined;

/** Maps anything thrown to an answer: the checks' errors and the host's domain errors as they are; unknown failures become INTERNAL_ERROR. */
export function toAnswerError(err: unknown, domainErrors?: DomainErrors): AnswerError {
  if (err instanceof HttpError) return err;
  const domain = domainErrors?.(err);
  if (domain !== undefined) return domain;
  const e = (typeof err === 'object' && err !== null ? err : {}) as HttpLikeError;
  const status = e.status ?? e.statusCode;
  switch (e.type) {
    case 'entity.parse.failed':
      return new HttpError('MALFORMED_JSON', 'body: the request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError(
        'PAYLOAD_TOO_LARGE',
        `body: the request body is larger than ${e.limit ?? 'the limit of'} bytes`,
      );
    case 'encoding.unsupported':
      return unsupportedContentEncoding(e.encoding ?? 'this coding');
    case 'charset.unsupported':
      return new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type: the body must be UTF-8 JSON');
    case 'upload.too.large':
      return new HttpError('PAYLOAD_TOO_LARGE', e.message ?? 'body: the upload is too large');
    case 'request.aborted':
    case 'request.size.invalid':
      return new HttpError('INVALID_PARAMETER', 'body: the request body was incomplete');
    default:
      break;
  }
  if (typeof e.code === 'string' && e.code.startsWith('Z_'))
    return new HttpError('INVALID_PARAMETER', 'body: not valid gzip (Content-Encoding: gzip)');
  if (err instanceof URIError)
    return new HttpError('INVALID_PARAMETER', 'path: a percent-escape in the path does not decode to UTF-8 text');
  if (status === 400 && Array.isArray(e.errors)) return validationToHttpError(e.errors, e.message ?? 'invalid request');
  if (status === 404) return new UnknownPathError();
  if (status === 405)
    return new HttpError(
      'METHOD_NOT_ALLOWED',
      `this method is not allowed here${e.headers?.Allow ? `; allowed: ${e.headers.Allow}` : ''}`,
    );
  if (status === 413) return new HttpError('PAYLOAD_TOO_LARGE', 'body: the request body is too large');
  if (status === 415)
    return new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type: ${e.message ?? 'unsupported media type'}; send a media type the operation accepts (application/json; uploads: text/csv or application/x-ndjson)`,
    );
  return new HttpError('INTERNAL_ERROR', 'an unexpected error occurred; quote the request_id to support', {
    cause: err,
  });
}

/** Why a request was refused, as the host counts refusals (the server: textclass_refusals_total). */
export type RefusalReason = 'rate_limited' | 'quota_exceeded' | 'unavailable' | 'forbidden';

/** Where failures go: the log of unexpected errors and the refusal counter (the server's pino logger and metrics fit). */
export interface ErrorLog {
  error(fields: object, message: string): void;
}
export interface RefusalCounter {
  refusal(reason: RefusalReason): void;
}

/** The error codes counted as refusals, by reason. */
const REFUSAL_OF: Partial<Record<AnswerCode, RefusalReason>> = {
  RATE_LIMITED: 'rate_limited',
  QUOTA_EXCEEDED: 'quota_exceeded',
  FORBIDDEN: 'forbidden',
  UNAVAILABLE: 'unavailable',
};

/** How an error is written: the contract's object by default; the /v1 endpoints use OpenAI's. */
export type ErrorPresenter = (error: AnswerError, status: number, requestId: string) => unknown;

export const contractErrorBody: ErrorPresenter = (error, status, requestId) => ({
  status,
  message: error.message,
  error_code: error.code,
  request_id: requestId,
});

export interface ErrorHandlerOptions {
  /** How the body is written (default: the contract's error object). */
  present?: ErrorPresenter;
  /** Counts refusals (rate limits, quota, role, unavailable). */
  metrics?: RefusalCounter;
  /** The host's own errors answered as they are (the server's domain errors). */
  domainErrors?: DomainErrors;
}

/** Answers every error: its status and headers, the body `present` writes, a refusal counted on `metrics`. */
export function errorHandler(
  logger: ErrorLog,
  { present = contractErrorBody, metrics, domainErrors }: ErrorHandlerOptions = {},
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const mapped = toAnswerError(err, domainErrors);
    const error =
      mapped instanceof UnknownPathError ? unknownPathError(req.method, req.originalUrl.split('?')[0] ?? '') : mapped;
    const status = STATUS_OF[error.code];
    const refusal = REFUSAL_OF[error.code];
    if (refusal !== undefined) metrics?.refusal(refusal);
    const requestId = requestIdOf(res);
    if (status >= 500 && error.code === 'INTERNAL_ERROR') {
      logger.error({ err, requestId, method: req.method, path: req.path }, 'request failed');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const allow = (err as HttpLikeError | undefined)?.headers?.Allow;
    if (status === 405 && allow) res.setHeader('Allow', allow);
    if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json(present(error, status, requestId));
  };
}

export function unknownRoute(): RequestHandler {
  return () => {
    throw new UnknownPathError();
  };
}
