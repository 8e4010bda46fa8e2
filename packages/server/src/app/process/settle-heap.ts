// Heap settling: one full collection after loading; how much V8 has committed to its young generation.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Runs a full, blocking collection (tens of milliseconds on a ~200 MiB heap). Called after the encoders load, at start
 * and on first use: the JSON and maps built while loading leave hundreds of MiB of garbage in the large-object space,
 * and with little allocation afterwards no major collection comes to take it back. Measured at ready (bench/history/memory.md,
 * "Native memory"): 552 MiB of heap used before a collection, 214 MiB after; whether one had happened by chance moved RSS
 * at ready by ~400 MiB between otherwise equal runs. `gc` is exposed the way jest's leak detector does it (a V8 flag
 * set at run time, read from a fresh context), so the process needs no `--expose-gc`.
 */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/** Bytes V8 has committed to the young generation (its two semi-spaces). */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
