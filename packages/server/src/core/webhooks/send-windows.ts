// How many sends each endpoint may have in flight: one more per window of fast successful answers while sends wait, halved on a failed one (to 1) or a slow one (to the initial window).

/** The in-flight window's bounds. */
export interface SendWindowBounds {
  /** The window of an endpoint not seen yet. */
  initial: number;
  /** The largest window, however fast the receiver. */
  ceiling: number;
}

interface Window {
  size: number;
  /** Fast answers since the window last grew. */
  fast: number;
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
   * A fast successful answer while the endpoint had sends waiting for a slot (its window was what held them): after a
   * window's worth of them the window grows by one, up to the ceiling. A fast answer with nothing waiting leaves it.
   */
  fast(endpointId: number, sendsWaiting: boolean): void {
    if (!sendsWaiting) return;
    const window = this.#window(endpointId);
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
  }

  #window(endpointId: number): Window {
    let window = this.#windows.get(endpointId);
    if (window === undefined) {
      window = { size: this.bounds.initial, fast: 0 };
      this.#windows.set(endpointId, window);
    }
    return window;
  }
}
