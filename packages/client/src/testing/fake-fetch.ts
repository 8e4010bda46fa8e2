// A scripted fetch for tests: answers requests from a list of handlers and records what was sent.
import type { FetchFn } from '../retrying-fetch.js';

/** What the fake saw of one request. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** Answers one request; may throw to simulate a network failure. */
export type Handler = (request: RecordedRequest, attempt: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: FetchFn;
  readonly requests: RecordedRequest[];
}

/** Handler n answers request n; the last one answers every request after it. */
export function createFakeFetch(...handlers: Handler[]): FakeFetch {
  if (handlers.length === 0) throw new Error('createFakeFetch needs at least one handler');
  const requests: RecordedRequest[] = [];
  return {
    requests,
    async fetch(request) {
      const recorded: RecordedRequest = {
        method: request.method,
        url: request.url,
        headers: new Headers(request.headers),
        body: await request.text(),
      };
      requests.push(recorded);
      const attempt = requests.length - 1;
      const handler = handlers[Math.min(attempt, handlers.length - 1)]!;
      return handler(recorded, attempt);
    },
  };
}

/** A JSON response with the given status and extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The service's error body for `status`. */
export function errorBody(status: number, error_code: string, message = `failed with ${status}`): unknown {
  return { status, message, error_code, request_id: `req_${status}` };
}

/** Throws like fetch does when the connection fails. */
export function networkFailure(): never {
  throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
}
