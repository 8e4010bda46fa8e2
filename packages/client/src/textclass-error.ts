// The typed error the client's helpers throw for an HTTP error response ({status, message, error_code, request_id}).

/** Fields of the service's error body. */
export interface TextclassErrorInit {
  status: number;
  message: string;
  error_code: string;
  request_id: string | null;
}

/** Error code used when a response's body is not the service's error object (a proxy's HTML page, say). */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN_ERROR';

/** An error response from the service, with the fields of its body. */
export class TextclassError extends Error {
  override readonly name = 'TextclassError';
  readonly status: number;
  readonly error_code: string;
  /** From the body, else the `X-Request-Id` header, else null. Quote it to support. */
  readonly request_id: string | null;

  constructor(init: TextclassErrorInit) {
    super(init.message);
    this.status = init.status;
    this.error_code = init.error_code;
    this.request_id = init.request_id;
  }

  /** Builds the error from openapi-fetch's `{error, response}` pair, tolerating bodies of any shape. */
  static fromResponse(body: unknown, response: Response): TextclassError {
    const fields = isRecord(body) ? body : {};
    const text = typeof body === 'string' && body.trim() !== '' ? body.trim().slice(0, 200) : null;
    return new TextclassError({
      status: response.status,
      message: stringField(fields, 'message') ?? text ?? `HTTP ${response.status} ${response.statusText}`.trim(),
      error_code: stringField(fields, 'error_code') ?? UNKNOWN_ERROR_CODE,
      request_id: stringField(fields, 'request_id') ?? response.headers.get('X-Request-Id'),
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(record: Record<string, unknown>, key: string): string | null {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}
