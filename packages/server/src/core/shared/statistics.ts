// Summary statistics of a sample: its mean and its sample standard deviation.

/** The arithmetic mean; 0 for no values. */
export const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sampleStandardDeviation(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}
