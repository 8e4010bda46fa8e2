// The resident memory a server may have at ready: the CI guard (rss-at-ready.test.ts) and the deploy checks read it.

/**
 * RSS at ready of `textclass serve` on a fresh data dir with default settings (embedded database, the built-in default
 * encoder and its parts, language id, the seeded demo models) and MALLOC_ARENA_MAX=1 as the image and npm start run it,
 * in MiB, once it has settled (rss-at-ready.test.ts: after the first quiet-time collection has given V8's young
 * generation back); the guard fails above it by more than RSS_TOLERANCE. This is the memory issue's 300 MB. Measured
 * (Node 20, 2 shared cores, bench:memory "ready + 12 s" and the guard): 282, 280, 279 MiB with the static graph in
 * JavaScript, the compact USE-lite/fastText/gloss tables, one malloc arena and the quiet-time collection (331–358
 * before them); with the compact word table, the deferred packages, scales read with their rows and the template
 * unpacked to disk: 249 MiB on a provisioned data dir (bench:memory), 256 on a fresh one (the guard). Read at once at ready, before the collector's threads had handed the loading garbage back, RSS moved by up
 * to 300 MiB, hence the settling. See bench/history/memory.md, "Memory".
 */
export const RSS_AT_READY_TARGET_MIB = 286;

/**
 * The same with only the static encoder (TEXTCLASS_DEFAULT_ENCODER=static-multi-100d: no onnxruntime, no USE-lite):
 * the memory issue's 200 MB. Measured as above: 201–204 MiB before the compact word table and the deferred packages,
 * 173 after (bench:memory); on a fresh data dir 236 while PGlite inflated its template in memory, 179 since it is
 * unpacked to disk (the guard).
 */
export const RSS_AT_READY_STATIC_TARGET_MIB = 191;

/** How far above the target the guard lets RSS at ready go before it fails. */
export const RSS_TOLERANCE = 0.1;

/**
 * The most resident memory the default server may reach while it answers the largest request the contract allows
 * (200 texts of ~5,000 characters on /v2/embeddings, the 1 MiB body limit): the 512 MiB a VM with the embedded database
 * is sized at (docs/performance.md, "Memory a pod or VM needs"). Measured: 1,035 MiB before transformer runs were bounded by tokens
 * and attention (256 windows of 128 tokens in one run), ~340 since.
 */
export const RSS_PEAK_PER_REQUEST_MIB = 512;

/** How close to its level before that request RSS must come back, within RSS_GIVEN_BACK_SECONDS of the answer. */
export const RSS_GIVEN_BACK_TOLERANCE = 0.1;
export const RSS_GIVEN_BACK_SECONDS = 60;
