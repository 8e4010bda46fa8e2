// The hub client's network settings and their defaults, apart from the HTTP client so the CLI can show them without loading it.
export interface NetworkSettings {
  /** Longest wait for the TCP (and TLS) connection, in ms. */
  connectTimeoutMs: number;
  /** Longest wait from the request sent to the response's status line and headers, in ms. */
  firstByteTimeoutMs: number;
  /** Longest silence while a body is arriving, in ms. */
  idleTimeoutMs: number;
  /** Retries after a failed try (a timeout, a cut connection, a 5xx or 429); 0: one try only. */
  retries: number;
  /** Delay before the first retry in ms; doubled for each further one, at most `MAX_RETRY_DELAY_MS`. */
  retryDelayMs: number;
}

export const DEFAULT_NETWORK: NetworkSettings = {
  connectTimeoutMs: 10_000,
  firstByteTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  retries: 4,
  retryDelayMs: 1_000,
};
