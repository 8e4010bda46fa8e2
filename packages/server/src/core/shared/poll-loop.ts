// A poll loop with backoff: runs a tick again at once while it finds work, sleeps longer (up to a cap) while it finds none, stops cleanly.

export interface PollLoopOptions {
  /** Sleep after the first empty tick, in ms; doubled on each further empty tick. */
  minDelayMs: number;
  /** Longest sleep between empty ticks, in ms. */
  maxDelayMs: number;
  /** Told about a tick that threw; the loop goes on after the longest sleep. */
  onError(error: unknown): void;
}

export class PollLoop {
  #delay: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #started = false;

  /** `tick` returns how many items it handled; 0 means "nothing due". */
  constructor(
    private readonly tick: () => Promise<number>,
    private readonly options: PollLoopOptions,
  ) {
    this.#delay = options.minDelayMs;
  }

  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Runs a tick soon (new work was just written by this process). */
  wake(): void {
    if (!this.#started || this.#stopped) return;
    this.#delay = this.options.minDelayMs;
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#schedule(0);
    }
  }

  /** Stops polling and waits for the tick in progress, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#running = this.#run().finally(() => {
        this.#running = undefined;
      });
    }, ms);
  }

  async #run(): Promise<void> {
    let next: number;
    try {
      const handled = await this.tick();
      if (handled > 0) {
        this.#delay = this.options.minDelayMs;
        next = 0;
      } else {
        next = this.#delay;
        this.#delay = Math.min(this.options.maxDelayMs, this.#delay * 2);
      }
    } catch (error) {
      this.options.onError(error);
      next = this.options.maxDelayMs;
    }
    if (!this.#stopped) this.#schedule(next);
  }
}
