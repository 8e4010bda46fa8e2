// The contract's error codes and the errors the request checks raise: every code an answer carries is one of the
// contract's (openapi's ErrorCode); the domain's own errors (the server's core) carry a subset of them.
import type { components } from '@textclass/openapi/types';

/** Every code an error answer carries: the contract's ErrorCode. */
export type AnswerCode = components['schemas']['ErrorCode'];

/** The codes only HTTP has (a body that is not JSON, a method the path does not take, a body too large, a media type refused): never a domain's. */
export type HttpOnlyCode = 'MALFORMED_JSON' | 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

/** What the error mapper answers with: an error of the checks, or a domain error the host hands over as it is. */
export interface AnswerError {
  readonly code: AnswerCode;
  readonly message: string;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfterSeconds?: number | undefined;
}

/** An error the request checks raise: a malformed id, a field the contract refuses, a body HTTP cannot take. */
export class HttpError extends Error implements AnswerError {
  readonly code: AnswerCode;
  /** None of these passes with time: never a Retry-After. */
  readonly retryAfterSeconds: undefined = undefined;

  constructor(code: AnswerCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.code = code;
  }
}
