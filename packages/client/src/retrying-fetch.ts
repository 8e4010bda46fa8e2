// Wraps a fetch function with the spec's retry rules, re-sending a pristine clone of the request each time.
import { systemClock, type Clock } from './clock.js';
import { resolveRetryPolicy, retryDelayMs, type AttemptOutcome, type RetryOptions } from './retry-policy.js';

/** The fetch shape openapi-fetch calls: one fully built Request in, one Response out. */
export type FetchFn = (request: Request) => Promise<Response>;

/** Retry tunables plus the clock that times the waits. */
export interface RetryingFetchOptions extends RetryOptions {
  clock?: Clock;
}

/**
 * Returns a fetch that retries 5xx, 429 and network errors per the spec and returns the last
 * response (or throws the last network error) once retries run out. Aborting the request's
 * signal stops further attempts and cuts a pending wait short.
 */
export function createRetryingFetch(fetchFn: FetchFn, options: RetryingFetchOptions = {}): FetchFn {
  const policy = resolveRetryPolicy(options);
  const clock = options.clock ?? systemClock;

  return async (request) => {
    // Taken before the first attempt consumes the body, so every retry sends the same bytes.
    const pristine = policy.maxRetries > 0 ? request.clone() : request;
    for (let retryIndex = 0; ; retryIndex++) {
      const attempt = retryIndex === 0 ? request : pristine.clone();
      let response: Response;
      try {
        response = await fetchFn(attempt);
      } catch (error) {
        if (request.signal.aborted || isAbortError(error)) throw error;
        const delay = retryDelayMs({ kind: 'network-error' }, retryIndex, policy, clock.now());
        if (delay === null) throw error;
        await wait(clock, delay, request.signal);
        continue;
      }
      const outcome: AttemptOutcome = {
        kind: 'response',
        status: response.status,
        retryAfter: response.headers.get('Retry-After'),
      };
      const delay = retryDelayMs(outcome, retryIndex, policy, clock.now());
      if (delay === null || request.signal.aborted) return response;
      await discardBody(response);
      await wait(clock, delay, request.signal);
    }
  };
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

async function wait(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  await clock.sleep(ms, signal);
  signal.throwIfAborted();
}

/** Frees the connection of a response that will not be read. */
async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The body was already gone; nothing to free.
  }
}
