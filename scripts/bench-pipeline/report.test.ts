// The pipeline bench's ratios: classified rows/s against the encoder's texts/s at the batch each phase gives it.
import { describe, expect, it } from 'vitest';
import type { ItemPhase, UploadPhase } from './phases.js';
import { ratios } from './report.js';

const encoder = [8, 64, 256].map((batch) => ({
  batch,
  inFlight: 1,
  calls: 10,
  textsPerSecond: batch * 100,
  msPerCall: 1,
}));
const item = { acceptedRowsPerSecond: 160, classifiedRowsPerSecond: 80, deliveredRowsPerSecond: 40 } as ItemPhase;
const upload = { rowsPerSecond: 12_800, classifiedRowsPerSecond: 640, deliveredRowsPerSecond: null } as UploadPhase;

describe('ratios', () => {
  it('item rows against batch 8, upload rows against batch 64 and the best batch', () => {
    expect(ratios(item, upload, encoder, 1)).toMatchObject({
      itemVsBatch8: 0.1,
      uploadVsBatch64: 0.1,
      uploadVsBest: 0.025,
    });
  });

  it('holds each batch against the faster of one call at a time and the calls at once as served', () => {
    const served = [
      { batch: 8, inFlight: 2, calls: 10, textsPerSecond: 1600, msPerCall: 1 },
      { batch: 64, inFlight: 2, calls: 10, textsPerSecond: 3200, msPerCall: 1 },
    ];
    expect(ratios(item, upload, [...encoder, ...served], 1)).toMatchObject({
      itemVsBatch8: 0.05,
      uploadVsBatch64: 0.1,
      uploadVsBest: 0.025,
    });
  });

  it('holds each stage of a phase, accept, classify and deliver, against that phase’s batch', () => {
    expect(ratios(item, upload, encoder, 1).perStage).toEqual({
      item: { accept: 0.2, classify: 0.1, deliver: 0.05 },
      upload: { accept: 2, classify: 0.1, deliver: null },
    });
  });

  it('is NaN against a batch that was not measured', () => {
    expect(ratios(item, upload, encoder.slice(1), 1).itemVsBatch8).toBeNaN();
  });

  it('counts every encoder a row needs', () => {
    expect(ratios(item, upload, encoder, 2).itemVsBatch8).toBe(0.2);
  });

  it('is null for a phase that never finished classifying', () => {
    const unfinished = { classifiedRowsPerSecond: null } as ItemPhase;
    expect(ratios(unfinished, upload, encoder, 1).itemVsBatch8).toBeNull();
  });
});
