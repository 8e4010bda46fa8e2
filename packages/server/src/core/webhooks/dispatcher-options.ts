// The webhook dispatcher's settings: retry schedule, timeout, what one process holds, per-endpoint windows and claims, pacing.
/** A failed delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, then failed. */
export const RETRY_SCHEDULE_MS: readonly number[] = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400].map(
  (s) => s * 1000,
);

export interface DispatcherOptions {
  scheduleMs: readonly number[];
  timeoutMs: number;
  /** Deliveries held by this process at most (in flight and waiting for a slot), all endpoints together. */
  batch: number;
  /**
   * Sends in flight per endpoint at first (its window): a slow receiver holds its own slots, never the others'. The
   * window grows by one per window of fast answers while sends wait, up to windowCeiling, halves on a slow answer (down
   * to this) and on a failed one (down to 1).
   */
  perEndpoint: number;
  windowCeiling: number;
  /**
   * The most windows' worth of an endpoint's sends handed to the sender at once: as many as it answers within slowMs
   * / 2 at its recent latency. They wait there for a slot, so a freed slot is refilled without this event loop's turn.
   */
  sendAhead: number;
  /**
   * Deliveries an endpoint may hold waiting for a slot at first, and again after a slow or failed answer: those beyond
   * its free slots start as its sends settle, without another tick. An endpoint is claimed for again once no more than
   * half its claim waits, up to its claim.
   */
  claimPerEndpoint: number;
  /** A receiver that drained its whole claim before the next tick has its claim doubled, up to this. */
  claimCeiling: number;
  /** An answer slower than this (or a send in flight longer), or a failed one, puts the endpoint's claim back to claimPerEndpoint. */
  slowMs: number;
  /** ± this fraction of each delay, at random. */
  jitter: number;
  /** With no endpoint backlogged, a tick waits till this long after the last claim: trickling rows go several a claim. */
  claimGapMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  scheduleMs: RETRY_SCHEDULE_MS,
  timeoutMs: 10_000,
  batch: 4096,
  perEndpoint: 16,
  windowCeiling: 64,
  sendAhead: 16,
  claimPerEndpoint: 64,
  claimCeiling: 512,
  slowMs: 1_000,
  jitter: 0.1,
  claimGapMs: 100,
};
