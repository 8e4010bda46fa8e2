// The console's only way to the server: @textclass/client on this origin, with errors turned into ApiError.
import { createTextclassClient, type TextclassClient, type components } from '@textclass/client';
import { describeFailure } from './errors.js';

export type Schemas = components['schemas'];
export type Role = Schemas['Role'];
export type Client = TextclassClient;

/** A failed call, with the message the page shows (status-specific, see errors.ts) and the details behind it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly requestId: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A client for the console's own origin. Retries are off: a 429 is shown with when to retry, not hidden. */
export function connect(apiKey: string): Client {
  return createTextclassClient({ baseUrl: window.location.origin, apiKey, retry: { maxRetries: 0 } });
}

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful call; throws ApiError with a clear message otherwise. */
export async function ok<T>(call: Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await call;
  } catch (error) {
    throw new ApiError(0, `The server could not be reached (${(error as Error).message}).`, null, null, null);
  }
  const { data, error, response } = outcome;
  if (response.ok) return data as T;
  const body = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const failure = describeFailure(response.status, body, response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    failure.message,
    typeof body.error_code === 'string' ? body.error_code : null,
    typeof body.request_id === 'string' ? body.request_id : response.headers.get('X-Request-Id'),
    failure.retryAfterSeconds,
  );
}
