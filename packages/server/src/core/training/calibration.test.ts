// Reliability tables, expected calibration error and temperature scaling on hand-computed and synthetic sets.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import {
  expectedCalibrationError,
  fitTemperature,
  meanNegativeLogLikelihood,
  reliabilityTable,
  softmaxAt,
} from './calibration.js';
import { calibrationReport } from './calibration-report.js';

describe('reliabilityTable and expectedCalibrationError', () => {
  it('bins the top confidence in 10 equal-width bins and weighs each gap by its share of rows', () => {
    const rows = [
      [0.95, 0.05],
      [0.05, 0.95],
      [0.55, 0.45],
      [0.45, 0.55],
    ];
    const table = reliabilityTable(rows, [0, 0, 0, 1]);
    expect(table).toHaveLength(10);
    expect(table[9]).toMatchObject({ lower: 0.9, upper: 1, count: 2, accuracy: 0.5 });
    expect(table[9]?.mean_confidence).toBeCloseTo(0.95, 12);
    expect(table[5]).toMatchObject({ count: 2, accuracy: 1 });
    expect(table[0]).toMatchObject({ count: 0, mean_confidence: null, accuracy: null });
    // Half the rows are 0.45 over-confident, half 0.45 under-confident.
    expect(expectedCalibrationError(table)).toBeCloseTo(0.45, 12);
  });

  it('puts a confidence on a bin edge in the bin below it, and 1 in the last bin', () => {
    const table = reliabilityTable(
      [
        [0.5, 0.5],
        [1, 0],
        [0.1, 0.9],
      ],
      [0, 0, 1],
    );
    expect(table[4]?.count).toBe(1);
    expect(table[8]?.count).toBe(1);
    expect(table[9]?.count).toBe(1);
  });

  it('is null without rows and 0 for perfectly calibrated bins', () => {
    expect(expectedCalibrationError(reliabilityTable([], []))).toBeNull();
    expect(
      expectedCalibrationError(
        reliabilityTable(
          [
            [0.5, 0.5],
            [0.5, 0.5],
          ],
          [0, 1],
        ),
      ),
    ).toBe(0);
  });
});

describe('fitTemperature', () => {
  /** Labels drawn from softmax(z), with the logits reported three times too large: an over-confident model. */
  function overConfident(count: number, seed: number) {
    const random = seededRandom(seed);
    const logits: number[][] = [];
    const gold: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const z = [0, 1, 2].map(() => 2 * (random() - 0.5) * 2);
      const p = softmaxAt(z, 1);
      const u = random();
      gold.push(u < (p[0] as number) ? 0 : u < (p[0] as number) + (p[1] as number) ? 1 : 2);
      logits.push(z.map((v) => 3 * v));
    }
    return { logits, gold };
  }

  it('recovers the temperature of an over-confident model and lowers its log-loss and ECE', () => {
    const { logits, gold } = overConfident(4000, 7);
    const temperature = fitTemperature(logits, gold);
    expect(temperature).toBeGreaterThan(2.6);
    expect(temperature).toBeLessThan(3.4);
    expect(meanNegativeLogLikelihood(logits, gold, temperature)).toBeLessThan(meanNegativeLogLikelihood(logits, gold));
    const report = calibrationReport(logits, gold, temperature, {
      fitted_on: 'out-of-fold',
      measured_on: 'out-of-fold',
    });
    expect(report.ece_after ?? 1).toBeLessThan(0.03);
    expect(report.ece_before ?? 0).toBeGreaterThan(0.1);
    expect(report.reliability.reduce((sum, b) => sum + b.count, 0)).toBe(4000);
  });

  it('keeps a calibrated model at about 1, and is 1 without rows', () => {
    const { logits, gold } = overConfident(4000, 8);
    expect(
      fitTemperature(
        logits.map((row) => row.map((v) => v / 3)),
        gold,
      ),
    ).toBeCloseTo(1, 0);
    expect(fitTemperature([], [])).toBe(1);
  });
});
