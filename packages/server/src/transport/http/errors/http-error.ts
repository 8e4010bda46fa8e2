// Errors only HTTP has (a body that is not JSON, a method the path does not take, a body too large, a media type refused): the transport's own codes, beside core's domain codes.
import type { DomainError, ErrorCode } from '../../../core/shared/domain-errors.js';

export type HttpErrorCode = 'MALFORMED_JSON' | 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

export class HttpError extends Error {
  readonly code: HttpErrorCode;
  /** None of these passes with time: never a Retry-After. */
  readonly retryAfterSeconds: undefined = undefined;

  constructor(code: HttpErrorCode, message: string) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
  }
}

/** Every code an error answer carries: core's domain codes and the transport's own. */
export type AnswerCode = ErrorCode | HttpErrorCode;

/** What the error mapper answers with: a domain error, or one only HTTP has. */
export type AnswerError = DomainError | HttpError;
