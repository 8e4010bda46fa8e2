// Starts an embedded PGlite: persisted under a directory (locked to one opener), or in memory for tests.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { acquireDirectoryLock } from './directory-lock.js';
import { readPGliteTemplate, unpackPGliteTemplate } from './pglite-template.js';
import { typeParsers } from './type-parsers.js';

/** Pass as `dataDir` for a throwaway in-memory database. */
export const IN_MEMORY = ':memory:';

export interface OpenedPGlite {
  pglite: PGlite;
  location: string;
  /** Call after PGlite has closed: frees the data directory for the next opener. */
  release(): Promise<void>;
}

/**
 * PostgreSQL's memory settings for an embedded, single-connection service. PGlite's own postgresql.conf keeps
 * shared_buffers at PostgreSQL's 128 MB, all of it touched at start (resident): measured on a fresh process opening an
 * existing data dir, RSS +279 MiB with it against +148 MiB with 16 MB (bench/README.md, "Native memory"). Pages past
 * the buffers come from the operating system's file cache, as PGlite reads its files through node:fs.
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface OpenPGliteOptions {
  /** Let V8 tier PGlite's hot functions up to TurboFan code (false or unset: Liftoff's baseline code only). */
  tierUp?: boolean;
}

/**
 * Which code V8 runs PGlite's WebAssembly with, set before PGlite compiles its module (a V8 flag of the process; PGlite
 * is the only WebAssembly the server loads). V8 compiles every function with Liftoff, then recompiles the hot ones with
 * TurboFan in the background; with `--liftoff-only` PGlite costs ~70 MiB less resident at ready (server: 410 -> 339 MiB,
 * three runs each; bare PGlite: +175 -> +95 MiB) for statements ~10 % slower (bench/README.md, "Memory").
 */
function chooseWasmTier(tierUp: boolean): void {
  setFlagsFromString(tierUp ? '--no-liftoff-only' : '--liftoff-only');
}

/** Opens PGlite in `<dataDir>/pglite` (created if missing), or in memory when dataDir is IN_MEMORY. */
export async function openPGlite(dataDir: string, options: OpenPGliteOptions = {}): Promise<OpenedPGlite> {
  const parsers = { ...typeParsers };
  chooseWasmTier(options.tierUp ?? false);
  if (dataDir === IN_MEMORY) {
    return {
      pglite: await PGlite.create({
        parsers,
        startParams: [...EMBEDDED_START_PARAMS],
        loadDataDir: await readPGliteTemplate(),
      }),
      location: IN_MEMORY,
      release: async () => undefined,
    };
  }
  const location = path.resolve(dataDir, 'pglite');
  await mkdir(location, { recursive: true });
  const release = await acquireDirectoryLock(`${location}.lock`, `the database directory ${location}`);
  try {
    // A new database starts from the build's packed cluster (pglite-template.ts), unpacked to disk; an existing one as it
    // is. A directory with files but no cluster keeps the old way: PGlite loads the template over it.
    const loadTemplate = !existsSync(path.join(location, 'PG_VERSION')) && !(await unpackPGliteTemplate(location));
    const loadDataDir = loadTemplate ? await readPGliteTemplate() : undefined;
    return {
      pglite: await PGlite.create({ dataDir: location, parsers, startParams: [...EMBEDDED_START_PARAMS], loadDataDir }),
      location,
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}
