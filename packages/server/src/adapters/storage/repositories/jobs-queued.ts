// This process's signal that a write committed new jobs: the workers of this process run at once instead of at their next poll.

/** Listeners told after a transaction of this process that wrote jobs has committed (other processes' jobs are found by polling). */
export class JobsQueued {
  readonly #listeners = new Set<() => void>();

  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Adds `listener`; returns the function that removes it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
