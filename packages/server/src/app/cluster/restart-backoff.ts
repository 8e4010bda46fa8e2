// How long the cluster primary waits before replacing a dead worker: doubling while workers die young, reset once one lasted.

export interface BackoffOptions {
  /** The first delay. */
  initialMs: number;
  /** The longest delay. */
  maxMs: number;
  /** A worker that ran this long died of something new: the next delay is the first again. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/** One streak for all workers: several dying at once back off together, so a crash loop never becomes a fork storm. */
export class RestartBackoff {
  private streak = 0;

  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {}

  /** The delay before replacing a worker that died after running `uptimeMs`. */
  next(uptimeMs: number): number {
    if (uptimeMs >= this.options.stableMs) this.streak = 0;
    const delay = Math.min(this.options.maxMs, this.options.initialMs * 2 ** Math.min(this.streak, 30));
    this.streak += 1;
    return delay;
  }
}
