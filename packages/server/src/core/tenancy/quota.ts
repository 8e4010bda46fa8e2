// Monthly classification quota: texts × models per billing period, reserved atomically before any work.
import { DomainError } from '../shared/domain-errors.js';
import { monthlyQuota } from './plans.js';
import type { UsageRepository } from '../ports/repositories.js';
import type { Workspace } from '../shared/types.js';
import { UsageBuffer } from './usage-buffer.js';

export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** The billing period containing `now`: it starts at 00:00 UTC on the workspace's cycle day. */
export function billingPeriod(now: Date, cycleDay: number): BillingPeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const startMonth = now.getUTCDate() >= cycleDay ? month : month - 1;
  return {
    start: new Date(Date.UTC(year, startMonth, cycleDay)),
    end: new Date(Date.UTC(year, startMonth + 1, cycleDay)),
  };
}

export interface Usage {
  used: number;
  /** null: unlimited. */
  limit: number | null;
  period: BillingPeriod;
}

export class QuotaService {
  private readonly unlimited: UsageBuffer;

  constructor(
    private readonly counters: UsageRepository,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.unlimited = new UsageBuffer(counters);
  }

  /**
   * Reserves `amount` classified texts or refuses the whole request with 403 QUOTA_EXCEEDED. Unlimited workspaces
   * are counted too, in memory and flushed within a second, so they cost no database write per request.
   */
  async reserve(workspace: Workspace, amount: number): Promise<void> {
    const limit = monthlyQuota(workspace);
    if (amount === 0) return;
    const period = billingPeriod(this.now(), workspace.billingCycleDay);
    if (limit === null) {
      this.unlimited.add(workspace.id, period.start, amount);
      return;
    }
    const reserved = await this.counters.tryConsume(workspace.id, period.start, amount, limit);
    if (!reserved) {
      throw new DomainError(
        'QUOTA_EXCEEDED',
        `the monthly quota of ${limit} classified texts would be exceeded by this request (${amount}); it resets at ${period.end.toISOString()}`,
      );
    }
  }

  /** What the workspace has used in the current billing period, its quota and the period's bounds. */
  async usage(workspace: Workspace): Promise<Usage> {
    await this.unlimited.flush();
    const period = billingPeriod(this.now(), workspace.billingCycleDay);
    return { used: await this.counters.used(workspace.id, period.start), limit: monthlyQuota(workspace), period };
  }

  /** Writes the pending counts of unlimited workspaces (on shutdown). */
  flush(): Promise<void> {
    return this.unlimited.flush();
  }
}
