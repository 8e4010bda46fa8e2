// The calibration of held-out predictions from several splits: each split's ECE and noise floor, and those of all of them pooled.
/** One split's held-out probability rows and their gold label indices. */
export interface SplitPredictions {
  probabilities: number[][];
  gold: number[];
}

/** The measures the server computes (passed in so the pooling is tested on its own). */
export interface CalibrationMeasures<Table> {
  reliabilityTable(probabilities: readonly (readonly number[])[], gold: readonly number[]): Table;
  expectedCalibrationError(table: Table): number | null;
  eceNoiseFloor(probabilities: readonly (readonly number[])[]): number | null;
}

export interface PooledCalibration<Table> {
  splits: Array<{ ece: number | null; floor: number | null }>;
  count: number;
  /** Share of pooled rows whose top label is the gold one. */
  accuracy: number;
  ece: number | null;
  floor: number | null;
  table: Table;
}

const top = (row: readonly number[]) => row.reduce((best, p, i) => (p > (row[best] ?? -1) ? i : best), 0);

export function pooledCalibration<Table>(
  splits: readonly SplitPredictions[],
  measures: CalibrationMeasures<Table>,
): PooledCalibration<Table> {
  for (const [i, s] of splits.entries())
    if (s.probabilities.length !== s.gold.length)
      throw new Error(`split ${i + 1}: ${s.probabilities.length} probability rows but ${s.gold.length} gold labels`);
  const probabilities = splits.flatMap((s) => s.probabilities);
  const gold = splits.flatMap((s) => s.gold);
  const table = measures.reliabilityTable(probabilities, gold);
  const right = probabilities.filter((row, i) => top(row) === gold[i]).length;
  return {
    splits: splits.map((s) => ({
      ece: measures.expectedCalibrationError(measures.reliabilityTable(s.probabilities, s.gold)),
      floor: measures.eceNoiseFloor(s.probabilities),
    })),
    count: probabilities.length,
    accuracy: probabilities.length === 0 ? 0 : right / probabilities.length,
    ece: measures.expectedCalibrationError(table),
    floor: measures.eceNoiseFloor(probabilities),
    table,
  };
}
