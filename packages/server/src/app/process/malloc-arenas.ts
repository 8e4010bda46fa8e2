// glibc's malloc arenas: the server's threads (onnxruntime's pools, libuv's) each grow an arena that is never handed
// back; MALLOC_ARENA_MAX=1 keeps the resident memory after load flat and the same from start to start (bench/history/memory.md,
// "malloc arenas" and "One malloc arena").

/** The value the image, `npm start` and the workers of `serve --workers N` run with. */
export const MALLOC_ARENA_MAX = '1';

/**
 * glibc's mmap threshold as the image and `npm start` set it (MALLOC_MMAP_THRESHOLD_): blocks of 128 KiB and more are
 * mapped on their own and unmapped when freed. Left to itself, glibc raises the threshold (up to 32 MiB) each time such
 * a block is freed, after which large blocks come from the one arena and stay resident when freed: onnxruntime's
 * memory arena, released after a large request (OnnxSessionOptions.trimAboveCells), then stayed. With it, RSS 60 s after
 * the largest embeddings request came back to 255 MiB from a peak of 341 (242 before it); without, 282–297.
 */
export const MALLOC_MMAP_THRESHOLD = '131072';

/** True when the environment already bounds glibc's arenas (either way glibc reads it, only at process start). */
export function arenasBounded(env: NodeJS.ProcessEnv): boolean {
  return env.MALLOC_ARENA_MAX !== undefined || (env.GLIBC_TUNABLES ?? '').includes('glibc.malloc.arena_max');
}

/** The variables to add to a child process's environment so that its arenas are bounded; none when they already are. */
export function boundedArenasEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return arenasBounded(env) ? {} : { MALLOC_ARENA_MAX };
}

/** A hint for the start-up log when this Linux process runs with glibc's default arena count; undefined otherwise. */
export function unboundedArenasHint(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'linux' || arenasBounded(env)) return undefined;
  return `MALLOC_ARENA_MAX is not set: glibc gives each thread its own malloc arena, and resident memory grows by about 250 MiB under load; start the server with MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX} (the container image and npm start do)`;
}
