// Calls kept in flight for a ceiling measurement: several loops at once, each starting the next call when its last ends.

/**
 * Runs step(from), step(from + 1), … in `count` loops at once, each loop starting its next call when its last has
 * ended, until stop(calls started so far) is true; resolves with the calls made, once every one has ended.
 */
export async function callsInFlight(
  count: number,
  from: number,
  stop: (made: number) => boolean,
  step: (index: number) => Promise<unknown>,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`callsInFlight: count must be a whole number ≥ 1, got ${count}`);
  let next = from;
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (!stop(next - from)) await step(next++);
    }),
  );
  return next - from;
}
