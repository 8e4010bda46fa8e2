// The bench's verdicts per target: which targets apply to which encoder and database, met, missed, not measured.
import { describe, expect, it } from 'vitest';
import type { ItemPhase, UploadPhase } from './phases.js';
import { targetVerdicts } from './targets.js';

const item = { classifiedRowsPerSecond: 80 } as ItemPhase;
const upload = {
  rows: 100,
  webhooksReceived: 100,
  classifiedRowsPerSecond: 6_000,
  deliveredRowsPerSecond: 5_800,
} as UploadPhase;

describe('targetVerdicts', () => {
  it('judges the neural encoder by its ratios', () => {
    const v = targetVerdicts(
      { encoderId: 'use-multi-612', database: 'pglite' },
      item,
      upload,
      {
        itemVsBatch8: 0.61,
        uploadVsBatch64: 0.5,
        uploadVsBest: 0.5,
      },
      null,
    );
    expect(v.slice(0, 3).map((t) => t.verdict)).toEqual(['missed', 'met', 'met']);
  });

  it('judges the static encoder by rows/s, 5,000 on PGlite and 10,000 on PostgreSQL', () => {
    const r = { itemVsBatch8: null, uploadVsBatch64: null, uploadVsBest: null };
    expect(
      targetVerdicts({ encoderId: 'static-multi-100d', database: 'pglite' }, item, upload, r, null)[0]!.verdict,
    ).toBe('met');
    expect(
      targetVerdicts({ encoderId: 'static-multi-100d', database: 'postgresql' }, item, upload, r, null)[0]!.verdict,
    ).toBe('missed');
  });

  it('says "not measured" where the run has no figure', () => {
    const unfinished = { ...upload, classifiedRowsPerSecond: null, deliveredRowsPerSecond: null } as UploadPhase;
    const v = targetVerdicts(
      { encoderId: 'use-multi-612', database: 'pglite' },
      item,
      unfinished,
      {
        itemVsBatch8: null,
        uploadVsBatch64: null,
        uploadVsBest: null,
      },
      null,
    );
    expect(v.every((t) => t.verdict === 'not measured')).toBe(true);
  });

  it('judges accept -> webhook at half capacity by p50 and p99, and misses both when a row never arrived', () => {
    const r = { itemVsBatch8: null, uploadVsBatch64: null, uploadVsBest: null };
    const steady = {
      capacityRowsPerSecond: 100,
      offeredRowsPerSecond: 50,
      seconds: 10,
      calls: 62,
      errors: 0,
      rowsAccepted: 496,
      webhook: { samples: 496, missing: 0, p50Ms: 120, p99Ms: 1_400, maxMs: 1_500 },
    };
    const meta = { encoderId: 'static-multi-100d', database: 'pglite' };
    const latency = (s: typeof steady | null) =>
      targetVerdicts(meta, item, upload, r, s)
        .filter((t) => t.target.includes('half capacity'))
        .map((t) => t.verdict);
    expect(latency(steady)).toEqual(['met', 'missed']);
    expect(latency({ ...steady, webhook: { ...steady.webhook, p99Ms: 900 } })).toEqual(['met', 'met']);
    expect(latency({ ...steady, webhook: { ...steady.webhook, p99Ms: 900, missing: 1 } })).toEqual([
      'missed',
      'missed',
    ]);
    expect(latency(null)).toEqual(['not measured', 'not measured']);
  });
});
