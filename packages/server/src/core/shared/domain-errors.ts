// The closed set of domain errors (HTTP-only codes are the transport's: @textclass/contract-checks, which maps each code to a status in one place).

export type ErrorCode =
  | 'MISSING_REQUIRED_FIELD'
  | 'EMPTY_TEXTS'
  | 'INVALID_PARAMETER'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'QUOTA_EXCEEDED'
  | 'NOT_FOUND'
  | 'MODEL_ARCHIVED'
  | 'MODEL_NOT_DEPLOYED'
  | 'DATASET_PROCESSING'
  | 'CONFLICT'
  | 'REQUEST_TIMEOUT'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'UNAVAILABLE';

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string): DomainError => new DomainError('NOT_FOUND', `${what} was not found`);
export const invalid = (field: string, problem: string): DomainError =>
  new DomainError('INVALID_PARAMETER', `${field}: ${problem}`);

/** Codes that say "not now" rather than "never": the same work may succeed when tried again later. */
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['UNAVAILABLE', 'RATE_LIMITED']);

/** A DomainError that passes (an encoder loading or its queue full, an upstream timeout or outage, a rate limit). */
export const isTransientError = (error: unknown): boolean =>
  error instanceof DomainError && TRANSIENT_CODES.has(error.code);
