// Back-pressure for row writes: past a bound of rows waiting for classification, new rows are refused with 503 and a Retry-After from the drain rate, before anything is stored (a row is never accepted and then dropped).
import { DomainError } from '../shared/domain-errors.js';

export interface BacklogGateOptions {
  /** Rows waiting for classification above which writes are refused (0: never). */
  maxRows: number;
  /** How long one reading of the backlog serves every request (ms). */
  refreshMs: number;
}

/** Rows in unfinished classification jobs, shared by every process on the database. */
export type PendingRows = () => Promise<number>;

export class BacklogGate {
  #rows = 0;
  #readAt = -Infinity;
  #reading: Promise<void> | undefined;
  /** Rows per second the backlog shrank by between the last two readings that saw it shrink (0: unknown). */
  #drainPerSecond = 0;

  constructor(
    private readonly pendingRows: PendingRows,
    private readonly options: BacklogGateOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Throws UNAVAILABLE (503, Retry-After) while the backlog is past the bound; otherwise returns. */
  async check(): Promise<void> {
    if (this.options.maxRows <= 0) return;
    if (this.now() - this.#readAt >= this.options.refreshMs) await (this.#reading ??= this.#read());
    if (this.#rows <= this.options.maxRows) return;
    throw new DomainError(
      'UNAVAILABLE',
      `${this.#rows} rows are waiting for classification, more than this server's bound of ${this.options.maxRows}; ` +
        'nothing of this request was stored, send it again after Retry-After',
      { retryAfterSeconds: this.retryAfterSeconds() },
    );
  }

  /** Seconds until the backlog is back under the bound at the rate it last drained (1–60; 5 when not known yet). */
  retryAfterSeconds(): number {
    if (this.#drainPerSecond <= 0) return 5;
    const seconds = Math.ceil((this.#rows - this.options.maxRows) / this.#drainPerSecond);
    return Math.min(60, Math.max(1, seconds));
  }

  async #read(): Promise<void> {
    try {
      const at = this.now();
      const rows = await this.pendingRows();
      const elapsed = (at - this.#readAt) / 1000;
      if (rows < this.#rows && Number.isFinite(elapsed) && elapsed > 0)
        this.#drainPerSecond = (this.#rows - rows) / elapsed;
      this.#rows = rows;
      this.#readAt = at;
    } finally {
      this.#reading = undefined;
    }
  }
}
