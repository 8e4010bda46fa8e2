// Usage of unlimited workspaces, counted in memory and flushed in the background: no database write per request.
import type { UsageRepository } from '../ports/repositories.js';

interface Pending {
  workspaceId: number;
  periodStart: Date;
  amount: number;
}

/** Nothing is refused for an unlimited workspace, so its count only has to be eventually exact, not reserved. */
export class UsageBuffer {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly counters: UsageRepository,
    private readonly flushEveryMs = 1_000,
  ) {}

  add(workspaceId: number, periodStart: Date, amount: number): void {
    const key = `${workspaceId}:${periodStart.getTime()}`;
    const entry = this.pending.get(key);
    if (entry) entry.amount += amount;
    else this.pending.set(key, { workspaceId, periodStart, amount });
    this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs).unref();
  }

  /** Writes what is pending (each workspace and period as one atomic increment); safe to call at any time. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      for (const entry of batch) {
        try {
          await this.counters.tryConsume(entry.workspaceId, entry.periodStart, entry.amount, Number.MAX_SAFE_INTEGER);
        } catch {
          this.add(entry.workspaceId, entry.periodStart, entry.amount);
        }
      }
    });
    return this.flushing;
  }
}
