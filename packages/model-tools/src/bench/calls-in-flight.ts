// Calls kept in flight for a ceiling measurement: several loops at once, each starting the next call when its last ends, as the server runs an encoder.

/** How the server runs an encoder: its worker sessions (TEXTCLASS_ENCODER_WORKERS) and the calls it hands them at once (TEXTCLASS_BATCHES_IN_FLIGHT). */
export interface ServedShape {
  encoderWorkers: number;
  inFlight: number;
}

/** A served measurement needs the worker pool's later sessions started and warm: calls overlap this long before timing. */
const SERVED_WARMUP_MS = 1500;

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

/**
 * One timed measurement of `step`, `inFlight` calls at once: first `warmupCalls` per loop (and, with more than one
 * at once, at least SERVED_WARMUP_MS of overlapping calls), then calls until done(calls made, ms since timing began).
 * `first` is the index of the first timed call.
 */
export async function timedCalls(
  inFlight: number,
  warmupCalls: number,
  done: (made: number, elapsedMs: number) => boolean,
  step: (index: number) => Promise<unknown>,
): Promise<{ first: number; calls: number; ms: number }> {
  const warmupEnd = performance.now() + (inFlight === 1 ? 0 : SERVED_WARMUP_MS);
  const warmup = (made: number) => made >= warmupCalls * inFlight && performance.now() >= warmupEnd;
  const first = await callsInFlight(inFlight, 0, warmup, step);
  const started = performance.now();
  const calls = await callsInFlight(inFlight, first, (made) => done(made, performance.now() - started), step);
  return { first, calls, ms: performance.now() - started };
}
