// The inference bench's targets: each ratio from the rows it names, and whether it is met.
import { describe, expect, it } from 'vitest';
import type { LoadResult } from './http-load.js';
import { targets, type SubjectResults } from './report.js';

const load = (concurrency: number, texts: number, textsPerSecond: number, p50Ms = 1): LoadResult => ({
  concurrency,
  textsPerRequest: texts,
  requests: 1000,
  errors: 0,
  seconds: 1,
  textsPerSecond,
  p50Ms,
  p99Ms: 2 * p50Ms,
});
const raw = (batch: number, textsPerSecond: number, inFlight = 1) => ({
  batch,
  inFlight,
  runs: 100,
  textsPerSecond,
  msPerRun: 1,
  sequence: 16,
});

function subject(over: Partial<SubjectResults> = {}): SubjectResults {
  return {
    encoder: 'enc',
    kind: 'static',
    meanTokens: 15,
    raw: [raw(8, 40_000), raw(32, 50_000)],
    rawBefore: [],
    rawAfter: [],
    textclass: [
      {
        ...load(32, 1, 9_000),
        adjacentCeiling: { batch: 32, inFlight: 1, textsPerSecond: 10_000, before: 9_800, after: 10_200 },
      },
      load(32, 8, 30_000),
      load(16, 8, 3_000),
      load(1, 1, 2_000, 0.45),
    ],
    paired: { rounds: 30, httpP50Ms: 0.5, httpP99Ms: 1, otherP50Ms: 0.1, otherP99Ms: 0.2 },
    peer: [load(16, 8, 1_000)],
    bare: [load(32, 1, 12_000), load(1, 1, 5_000, 0.2)],
    serverMemory: { loaded: { rssMiB: 250, peakRssMiB: 260 }, afterLoad: { rssMiB: 300, peakRssMiB: 320 } },
    ...over,
  };
}

const byName = (list: ReturnType<typeof targets>, start: string) => list.find((t) => t.name.startsWith(start));

describe('targets', () => {
  const all = targets(subject());

  it('c32 end to end against the raw batch measured around that loop, else the run’s best raw row', () => {
    expect(byName(all, 'c32 1-text e2e')).toMatchObject({ value: 0.9, met: true });
    expect(byName(all, 'c32 1-text e2e')?.name).toContain('raw batch 32 around it');
    expect(byName(all, 'c32 8-text e2e')).toMatchObject({ value: 0.6, met: false });
  });

  it('takes the served raw row, two runs at once, as the best when it is faster, and names it', () => {
    const served = targets(subject({ raw: [raw(32, 50_000), raw(32, 60_000, 2)] }));
    expect(byName(served, 'c32 8-text e2e')).toMatchObject({ value: 0.5, met: false });
    expect(byName(served, 'c32 8-text e2e')?.name).toContain('raw batch 32 x 2 at once around it');
  });

  it('c16 against the transformers.js peer where both ran', () => {
    expect(byName(all, 'c16 8-text textclass / transformers.js')).toMatchObject({ value: 3, met: true });
    expect(byName(all, 'c16 1-text textclass / transformers.js')).toBeUndefined();
  });

  it('c32 one-text requests/s over bare node:http, and c1 p50 within bare + 0.2 ms', () => {
    expect(byName(all, 'c32 one-text requests/s')).toMatchObject({ value: 0.75, met: true });
    expect(byName(all, 'c1 one-text p50')).toMatchObject({ value: 0.45, target: '<= 0.4 ms', met: false });
  });

  it('the paired c1 request against 1.15 × raw batch-8 + 2 ms, and RSS after the loops', () => {
    expect(byName(all, 'c1 one 8-text request')).toMatchObject({ value: 0.5, target: '<= 2.12 ms', met: true });
    expect(byName(all, 'server RSS')).toMatchObject({ value: 300, met: true });
  });

  it('the neural encoder’s 1,000 texts/s at c16 × 8, only for the neural kind', () => {
    expect(byName(all, 'c16 8-text requests through HTTP')).toBeUndefined();
    const neural = targets(subject({ kind: 'neural' }));
    expect(byName(neural, 'c16 8-text requests through HTTP')).toMatchObject({ value: 3_000, met: true });
  });
});
