// The in-memory usage counter of unlimited workspaces: summed per workspace and period, flushed once, never lost on a failed write.
import { describe, expect, it } from 'vitest';
import type { UsageRepository } from '../ports/repositories.js';
import { UsageBuffer } from './usage-buffer.js';

function counters(failures = 0) {
  const writes: Array<[number, string, number]> = [];
  let failing = failures;
  const repo: UsageRepository = {
    async tryConsume(workspaceId, periodStart, amount) {
      if (failing > 0) {
        failing -= 1;
        throw new Error('database unavailable');
      }
      writes.push([workspaceId, periodStart.toISOString(), amount]);
      return true;
    },
    async used() {
      return writes.reduce((sum, [, , amount]) => sum + amount, 0);
    },
  };
  return { repo, writes };
}

const period = new Date('2026-11-01T00:00:00Z');
const nextPeriod = new Date('2026-12-01T00:00:00Z');

describe('UsageBuffer', () => {
  it('sums amounts per workspace and period into one increment each', async () => {
    const { repo, writes } = counters();
    const buffer = new UsageBuffer(repo, 60_000);
    buffer.add(1, period, 8);
    buffer.add(1, period, 16);
    buffer.add(2, period, 1);
    buffer.add(1, nextPeriod, 3);
    expect(writes).toEqual([]);
    await buffer.flush();
    expect(writes).toEqual([
      [1, period.toISOString(), 24],
      [2, period.toISOString(), 1],
      [1, nextPeriod.toISOString(), 3],
    ]);
    await buffer.flush();
    expect(writes).toHaveLength(3);
  });

  it('keeps a count whose write failed and writes it with the next flush', async () => {
    const { repo, writes } = counters(1);
    const buffer = new UsageBuffer(repo, 60_000);
    buffer.add(1, period, 5);
    await buffer.flush();
    expect(writes).toEqual([]);
    buffer.add(1, period, 2);
    await buffer.flush();
    expect(writes).toEqual([[1, period.toISOString(), 7]]);
  });

  it('flushes by itself after its interval', async () => {
    const { repo, writes } = counters();
    const buffer = new UsageBuffer(repo, 10);
    buffer.add(3, period, 4);
    await expect.poll(() => writes.length, { timeout: 2_000 }).toBe(1);
  });
});
