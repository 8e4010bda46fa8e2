// HTTP to the hub on bad networks: connect, first-byte and idle timeouts (an undici Agent), messages that say which one fired, bounded retries with backoff.
import { Agent, fetch, type Response } from 'undici';
import { DEFAULT_NETWORK, type NetworkSettings } from './network-settings.js';

export { DEFAULT_NETWORK, type NetworkSettings };

export const MAX_RETRY_DELAY_MS = 30_000;

/** A failed try: `retryable` when another try may succeed (timeouts, cut connections, 5xx, 429). */
export class HubError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

/** Told before each retry: the try that failed (1-based), the tries in all, why, and the wait before the next. */
export type RetryListener = (failedTry: number, tries: number, error: HubError, delayMs: number) => void;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A network failure as a message naming the host, the timeout that fired and the setting that changes it. */
export function networkError(error: unknown, url: string, settings: NetworkSettings): HubError {
  if (error instanceof HubError) return error;
  const host = new URL(url).host;
  const code = codeOf(error);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new HubError(
        `could not connect to ${host} within ${seconds(settings.connectTimeoutMs)} (connect timeout, --connect-timeout); check HF_ENDPOINT, the network or a firewall`,
        undefined,
        true,
      );
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new HubError(
        `${host} accepted the connection but sent no answer within ${seconds(settings.firstByteTimeoutMs)} (first-byte timeout, --first-byte-timeout)`,
        undefined,
        true,
      );
    case 'UND_ERR_BODY_TIMEOUT':
      return new HubError(
        `${host} stopped sending for ${seconds(settings.idleTimeoutMs)} in the middle of a download (idle timeout, --idle-timeout); the bytes received are kept and a retry resumes from them`,
        undefined,
        true,
      );
    default: {
      const detail = codeOf(error) ?? (error instanceof Error ? error.message : String(error));
      return new HubError(`the connection to ${host} failed or was cut (${detail})`, undefined, true);
    }
  }
}

/** Whether a status is worth another try. */
export const retryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** The delay before retry `n` (1-based). */
export const retryDelay = (settings: NetworkSettings, n: number): number =>
  Math.min(MAX_RETRY_DELAY_MS, settings.retryDelayMs * 2 ** (n - 1));

/** Runs `attempt` until it succeeds, throws a HubError that is not retryable, or the retries are spent. */
export async function withRetries<T>(
  settings: NetworkSettings,
  attempt: () => Promise<T>,
  onRetry?: RetryListener,
): Promise<T> {
  const tries = settings.retries + 1;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof HubError) || !error.retryable || n >= tries) {
        if (error instanceof HubError && error.retryable && tries > 1)
          throw new HubError(`${error.message} (gave up after ${tries} tries)`, error.status, false);
        throw error;
      }
      const delay = retryDelay(settings, n);
      onRetry?.(n, tries, error, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** One connection pool with the settings' timeouts; close it when the pull is done. */
export class HubHttp {
  private readonly agent: Agent;

  constructor(readonly settings: NetworkSettings = DEFAULT_NETWORK) {
    this.agent = new Agent({
      connect: { timeout: settings.connectTimeoutMs },
      headersTimeout: settings.firstByteTimeoutMs,
      bodyTimeout: settings.idleTimeoutMs,
    });
  }

  /** A GET that follows redirects; network failures become HubErrors that say what timed out. */
  async get(url: string, headers: Record<string, string>): Promise<Response> {
    try {
      return await fetch(url, { headers, redirect: 'follow', dispatcher: this.agent });
    } catch (error) {
      throw networkError(error, url, this.settings);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
