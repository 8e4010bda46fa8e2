// The backlog bound: rows pass under it, are refused past it with UNAVAILABLE and a Retry-After from the drain rate, and one reading serves a short window.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-errors.js';
import { BacklogGate } from './backlog-gate.js';

function scripted(readings: number[]) {
  let clock = 0;
  let reads = 0;
  const gate = new BacklogGate(
    async () => readings[Math.min(reads++, readings.length - 1)] as number,
    { maxRows: 100, refreshMs: 500 },
    () => clock,
  );
  return { gate, advance: (ms: number) => (clock += ms), reads: () => reads };
}

const refusal = async (gate: BacklogGate) => {
  const error = await gate.check().then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? error : undefined;
};

describe('BacklogGate', () => {
  it('lets writes through at or under the bound and reads the backlog once per window', async () => {
    const { gate, advance, reads } = scripted([100, 40]);
    await gate.check();
    await gate.check();
    expect(reads()).toBe(1);
    advance(500);
    await gate.check();
    expect(reads()).toBe(2);
  });

  it('refuses past the bound with UNAVAILABLE, naming the rows and the bound, Retry-After 5 s before any drain is seen', async () => {
    const { gate } = scripted([250]);
    const error = await refusal(gate);
    expect(error?.code).toBe('UNAVAILABLE');
    expect(error?.message).toContain('250 rows are waiting for classification');
    expect(error?.message).toContain('bound of 100');
    expect(error?.retryAfterSeconds).toBe(5);
  });

  it('estimates Retry-After from the rate the backlog drained (1 to 60 s) and lets writes in again under the bound', async () => {
    const { gate, advance } = scripted([1_100, 600, 60]);
    expect((await refusal(gate))?.retryAfterSeconds).toBe(5);
    advance(1_000);
    // 500 rows drained in 1 s; 500 over the bound: 1 s.
    expect((await refusal(gate))?.retryAfterSeconds).toBe(1);
    advance(1_000);
    await gate.check();
  });

  it('never refuses with a bound of 0', async () => {
    const gate = new BacklogGate(async () => 1e9, { maxRows: 0, refreshMs: 500 });
    await gate.check();
  });
});
