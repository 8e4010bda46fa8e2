// Pooling held-out predictions of several splits: per-split and pooled ECE from the server's own measures.
import { describe, expect, it } from 'vitest';
import { eceNoiseFloor, expectedCalibrationError, reliabilityTable } from '@textclass/server/core';
import { pooledCalibration } from './pooled-calibration.js';

const measures = { reliabilityTable, expectedCalibrationError, eceNoiseFloor };

describe('pooledCalibration', () => {
  it('measures each split alone and all of them as one set', () => {
    // Split 1: 0.9 confident, right 9 times in 10 (calibrated). Split 2: 0.9 confident, right 5 times in 10.
    const rows = (n: number) => Array.from({ length: n }, () => [0.9, 0.1]);
    const first = { probabilities: rows(10), gold: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1] };
    const second = { probabilities: rows(10), gold: [0, 0, 0, 0, 0, 1, 1, 1, 1, 1] };
    const pooled = pooledCalibration([first, second], measures);
    expect(pooled.count).toBe(20);
    expect(pooled.accuracy).toBeCloseTo(14 / 20, 10);
    expect(pooled.splits.map((s) => s.ece)).toEqual([expect.closeTo(0, 10), expect.closeTo(0.4, 10)]);
    // Pooled: 0.9 confident, right 14 times in 20.
    expect(pooled.ece).toBeCloseTo(0.2, 10);
    expect(pooled.floor).toBeGreaterThan(0);
    expect(pooled.floor).toBeLessThan(pooled.splits[0]?.floor as number);
  });

  it('refuses a split whose rows and labels differ in number', () => {
    expect(() => pooledCalibration([{ probabilities: [[1, 0]], gold: [] }], measures)).toThrow(/split 1/);
  });
});
