// A model's `metrics.calibration`: the temperature and the top-confidence ECE and reliability table it was measured with.
import type { ModelCalibration } from '../shared/types.js';
import { expectedCalibrationError, reliabilityTable, softmaxAt } from './calibration.js';
import { eceNoiseFloor } from './ece-noise-floor.js';

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const roundOrNull = (x: number | null) => (x === null ? null : round(x));

/** ECE before (temperature 1) and after (the fitted temperature) on labelled logit rows, with the table after and the sample's noise floor. */
export function calibrationReport(
  logits: readonly (readonly number[])[],
  gold: readonly number[],
  temperature: number,
  where: Pick<ModelCalibration, 'fitted_on' | 'measured_on'>,
): ModelCalibration {
  return probabilityCalibrationReport(
    logits.map((row) => softmaxAt(row, 1)),
    logits.map((row) => softmaxAt(row, temperature)),
    gold,
    temperature,
    where,
  );
}

/** The same report from the probability rows before and after calibration (e.g. after: out-of-fold rows of a cross-fitting). */
export function probabilityCalibrationReport(
  before: readonly (readonly number[])[],
  calibrated: readonly (readonly number[])[],
  gold: readonly number[],
  temperature: number,
  where: Pick<ModelCalibration, 'fitted_on' | 'measured_on' | 'folds'>,
): ModelCalibration {
  const after = reliabilityTable(calibrated, gold);
  return {
    method: 'temperature',
    temperature: round(temperature),
    ...where,
    examples: calibrated.length,
    ece_before: roundOrNull(expectedCalibrationError(reliabilityTable(before, gold))),
    ece_after: roundOrNull(expectedCalibrationError(after)),
    ece_noise_floor: roundOrNull(eceNoiseFloor(calibrated)),
    reliability: after.map((bin) => ({
      lower: round(bin.lower),
      upper: round(bin.upper),
      count: bin.count,
      mean_confidence: roundOrNull(bin.mean_confidence),
      accuracy: roundOrNull(bin.accuracy),
    })),
  };
}
