// A FIFO mutex that hands PGlite's single connection to one Kysely user at a time.

export class ConnectionLock {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  /** Resolves once every earlier holder has released the lock. */
  async acquire(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
  }

  release(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}
