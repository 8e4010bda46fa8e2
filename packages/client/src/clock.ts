// Time source for retries: an injectable clock so tests can record waits instead of sleeping.

/** What the retry logic needs from time: wait a while, and tell the current time. */
export interface Clock {
  /** Resolves after `ms` milliseconds; may reject early once `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Milliseconds since the Unix epoch (used to read HTTP-date `Retry-After` values). */
  now(): number;
}

/** The real clock: `setTimeout` and `Date.now`; an abort clears the timer and rejects. */
export const systemClock: Clock = {
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
  now: () => Date.now(),
};
