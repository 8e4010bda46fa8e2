// Per-scenario bounds of bench:inference (how long and how many requests each measurement may take), by encoder kind.

/** Per-scenario bounds: the transformer is ~10^4 times slower than the static encoder, the neural default ~10^2. */
const BOUNDS = (QUICK: boolean) => ({
  transformer: {
    seconds: QUICK ? 3 : 8,
    requests: 2_000,
    warmup: 2,
    rawSeconds: QUICK ? 2 : 4,
    rawRuns: 400,
    rawMinRuns: 3,
    paired: QUICK ? 10 : 30,
  },
  neural: {
    seconds: QUICK ? 3 : 6,
    requests: 5_000,
    warmup: 4,
    rawSeconds: QUICK ? 2 : 3,
    rawRuns: 2_000,
    rawMinRuns: 5,
    paired: QUICK ? 20 : 60,
  },
  static: {
    seconds: QUICK ? 1 : 3,
    requests: 50_000,
    warmup: 32,
    rawSeconds: QUICK ? 0.5 : 1,
    rawRuns: 50_000,
    rawMinRuns: 100,
    paired: QUICK ? 50 : 200,
  },
});

export interface Bounds {
  seconds: number;
  requests: number;
  warmup: number;
  rawSeconds: number;
  rawRuns: number;
  rawMinRuns: number;
  paired: number;
}

/** The bounds of one encoder kind; --quick shortens the timed loops. */
export function boundsFor(kind: 'transformer' | 'neural' | 'static', quick: boolean): Bounds {
  return BOUNDS(quick)[kind];
}
