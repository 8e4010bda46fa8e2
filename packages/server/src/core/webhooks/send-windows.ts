// How many sends each endpoint may have in flight: one more per window of fast successful answers while sends wait, halved on a failed one (to 1) or a slow one (to the initial window); a quick receiver's sends are handed over as many windows ahead as it answers within aheadMs.

/** The in-flight window's bounds. */
export interface SendWindowBounds {
  /** The window of an endpoint not seen yet. */
  initial: number;
  /** The largest window, however fast the receiver. */
  ceiling: number;
  /**
   * The most windows' worth of sends handed to the sender at once (they wait there for a slot): as many as the
   * receiver answers, one window after another, within `aheadMs` at its recent latency, at least one.
   */
  ahead: number;
  aheadMs: number;
}

interface Window {
  size: number;
  /** Fast answers since the window last grew. */
  fast: number;
  /** Recent answers' latency, ms (a moving average; undefined until an answer is timed). */
  latencyMs: number | undefined;
}

export class SendWindows {
  /** Windows by endpoint id, where seen. */
  readonly #windows = new Map<number, Window>();

  constructor(private readonly bounds: SendWindowBounds) {}

  /** Sends the endpoint may have in flight now (at least 1). */
  limit(endpointId: number): number {
    return this.#windows.get(endpointId)?.size ?? this.bounds.initial;
  }

  /**
   * Sends the endpoint may have handed to the sender (in flight and waiting there for a slot): its window times the
   * windows it answers within aheadMs (1 to ahead; 1 before an answer is timed and after a slow or failed one). Sends
   * handed over start without this loop's turn, so a quick receiver is not held to the pace of a busy event loop, and
   * none waits there much longer than aheadMs.
   */
  handed(endpointId: number): number {
    const window = this.#windows.get(endpointId);
    if (window?.latencyMs === undefined) return this.limit(endpointId);
    const windows = Math.floor(this.bounds.aheadMs / Math.max(window.latencyMs, 0.1));
    return window.size * Math.min(this.bounds.ahead, Math.max(1, windows));
  }

  /**
   * A fast successful answer, its `latencyMs` folded into the endpoint's moving average. While the endpoint had sends
   * waiting for a slot (its window was what held them), a window's worth of such answers grows the window by one, up
   * to the ceiling; with nothing waiting the size stays.
   */
  fast(endpointId: number, sendsWaiting: boolean, latencyMs?: number): void {
    const window = this.#window(endpointId);
    if (latencyMs !== undefined)
      window.latencyMs = window.latencyMs === undefined ? latencyMs : window.latencyMs * 0.8 + latencyMs * 0.2;
    if (!sendsWaiting) return;
    window.fast += 1;
    if (window.fast >= window.size) {
      window.size = Math.min(this.bounds.ceiling, window.size + 1);
      window.fast = 0;
    }
  }

  /**
   * An error or a timeout (`failed`): the window halves, down to 1. A slow but successful answer: it halves down to the
   * initial window at most, so a receiver that is slow but healthy keeps what it had before it grew.
   */
  slow(endpointId: number, failed: boolean): void {
    const window = this.#window(endpointId);
    const floor = failed ? 1 : Math.min(window.size, this.bounds.initial);
    window.size = Math.max(floor, Math.floor(window.size / 2));
    window.fast = 0;
    window.latencyMs = undefined;
  }

  #window(endpointId: number): Window {
    let window = this.#windows.get(endpointId);
    if (window === undefined) {
      window = { size: this.bounds.initial, fast: 0, latencyMs: undefined };
      this.#windows.set(endpointId, window);
    }
    return window;
  }
}
