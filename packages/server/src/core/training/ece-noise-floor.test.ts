import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { expectedCalibrationError, reliabilityTable } from './calibration.js';
import { eceNoiseFloor } from './ece-noise-floor.js';

/** Rows of two labels whose top confidence is `c`. */
const rowsAt = (confidences: number[]) => confidences.map((c) => [c, 1 - c]);

describe('eceNoiseFloor', () => {
  it('is exact where chance has one outcome: certain rows score 0, a coin flip always misses by a half', () => {
    expect(eceNoiseFloor(rowsAt([1, 1, 1]))).toBe(0);
    expect(eceNoiseFloor(rowsAt([0.5]))).toBeCloseTo(0.5, 12);
  });

  it('is null without rows and the same for the same seed', () => {
    expect(eceNoiseFloor([])).toBeNull();
    const rows = rowsAt(Array.from({ length: 50 }, (_, i) => 0.5 + i / 100));
    expect(eceNoiseFloor(rows, 100, 7)).toBe(eceNoiseFloor(rows, 100, 7));
  });

  it('shrinks as the sample grows, about as one over the square root of its size', () => {
    const random = seededRandom(3);
    const confidences = Array.from({ length: 1600 }, () => 0.55 + 0.44 * random());
    const small = eceNoiseFloor(rowsAt(confidences.slice(0, 100))) as number;
    const large = eceNoiseFloor(rowsAt(confidences)) as number;
    expect(small).toBeGreaterThan(0.04);
    expect(large / small).toBeGreaterThan(0.15);
    expect(large / small).toBeLessThan(0.4);
  });

  it('sits near the ECE of a calibrated model and far under an over-confident one', () => {
    const random = seededRandom(11);
    const confidences = Array.from({ length: 300 }, () => 0.5 + 0.5 * random());
    const rows = rowsAt(confidences);
    const floor = eceNoiseFloor(rows) as number;
    // Labels drawn from the confidences themselves: a calibrated model, measured once.
    const calibratedGold = confidences.map((c) => (random() < c ? 0 : 1));
    const calibrated = expectedCalibrationError(reliabilityTable(rows, calibratedGold)) as number;
    expect(Math.abs(calibrated - floor)).toBeLessThan(0.04);
    // Right only 60 % of the time whatever it claims: over-confident.
    const overconfidentGold = confidences.map(() => (random() < 0.6 ? 0 : 1));
    const overconfident = expectedCalibrationError(reliabilityTable(rows, overconfidentGold)) as number;
    expect(overconfident).toBeGreaterThan(floor + 0.1);
  });
});
