// Builds the typed textclass client: openapi-fetch over the contract's paths, bearer auth and the spec's retries.
import createClient from 'openapi-fetch';
import type { paths } from './generated/contract.js';
import { bearerAuth } from './auth.js';
import type { TextclassClient } from './exact-init.js';
import type { Clock } from './clock.js';
import type { RetryOptions } from './retry-policy.js';
import { createRetryingFetch, type FetchFn } from './retrying-fetch.js';

/** Options of createTextclassClient. */
export interface TextclassClientOptions {
  /** Service root, e.g. `http://localhost:8080` (paths already begin with /v2). */
  baseUrl: string;
  /** API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Transport; defaults to the global fetch. Retries wrap it, so it sees every attempt. */
  fetch?: FetchFn;
  /** Times retry waits; defaults to real time. */
  clock?: Clock;
  /** Retry tunables; defaults follow the spec (3 retries, 1 s / 2 s / 4 s, Retry-After on 429). */
  retry?: RetryOptions;
  /** Value of the `User-Agent` header, when set. */
  userAgent?: string;
}

export type { TextclassClient } from './exact-init.js';

/**
 * Creates a client typed by the contract. Retries live in the fetch it wraps rather than in a
 * middleware, so middleware added with `client.use` runs once per call and sees only the final
 * response. A per-call `fetch` option replaces that wrapper and so bypasses the retries.
 */
export function createTextclassClient(options: TextclassClientOptions): TextclassClient {
  const transport: FetchFn = options.fetch ?? ((request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: createRetryingFetch(transport, { ...options.retry, ...(options.clock && { clock: options.clock }) }),
    ...(options.userAgent !== undefined && { headers: { 'User-Agent': options.userAgent } }),
  });
  client.use(bearerAuth(options.apiKey));
  // The same object: its methods' types only hold request bodies and parameters to exactly what the contract names.
  return client as unknown as TextclassClient;
}
