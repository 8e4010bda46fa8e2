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
    const v = targetVerdicts({ encoderId: 'use-multi-612', database: 'pglite' }, item, upload, {
      itemVsBatch8: 0.61,
      uploadVsBatch64: 0.5,
      uploadVsBest: 0.5,
    });
    expect(v.slice(0, 3).map((t) => t.verdict)).toEqual(['missed', 'met', 'met']);
  });

  it('judges the static encoder by rows/s, 5,000 on PGlite and 10,000 on PostgreSQL', () => {
    const r = { itemVsBatch8: null, uploadVsBatch64: null, uploadVsBest: null };
    expect(targetVerdicts({ encoderId: 'static-multi-100d', database: 'pglite' }, item, upload, r)[0]!.verdict).toBe(
      'met',
    );
    expect(
      targetVerdicts({ encoderId: 'static-multi-100d', database: 'postgresql' }, item, upload, r)[0]!.verdict,
    ).toBe('missed');
  });

  it('says "not measured" where the run has no figure', () => {
    const unfinished = { ...upload, classifiedRowsPerSecond: null, deliveredRowsPerSecond: null } as UploadPhase;
    const v = targetVerdicts({ encoderId: 'use-multi-612', database: 'pglite' }, item, unfinished, {
      itemVsBatch8: null,
      uploadVsBatch64: null,
      uploadVsBest: null,
    });
    expect(v.every((t) => t.verdict === 'not measured')).toBe(true);
  });
});
