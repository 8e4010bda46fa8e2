// Percentiles and medians as each benchmark reports them (the rank rules differ between benches and are kept as they were).

export interface Latencies {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest rank: the smallest sample with at least p % of the samples at or below it (`sorted` ascending). */
export function nearestRank(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Count, p50, p99 (nearest rank) and maximum of latencies in any order (bench:fairness). */
export function latencySummary(ms: readonly number[]): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: nearestRank(sorted, 50),
    p99: nearestRank(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** The sample at index ⌊p/100 × n⌋ of the sorted samples, the last one at most (bench:limits). */
export function percentileAtFloor(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The middle value; of an even count the upper of the two middle ones; NaN of none (bench:workers). */
export function upperMedian(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
}
