// openapi-fetch middleware that sends the API key as a bearer token on every request.
import type { Middleware } from 'openapi-fetch';

/** Sets `Authorization: Bearer <apiKey>` before each request leaves the client. */
export function bearerAuth(apiKey: string): Middleware {
  if (apiKey.trim() === '') throw new TypeError('apiKey must be a non-empty string');
  const value = `Bearer ${apiKey}`;
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', value);
      return request;
    },
  };
}
