// Starts an embedded PGlite: persisted under a directory (locked to one opener), or in memory for tests.
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { DataDirectoryError, isPostgresCluster, prepareDataDirectory } from './data-directory.js';
import { acquireDirectoryLock } from './directory-lock.js';
import { clusterFileProblems } from './pglite-cluster-check.js';
import { fileSizeProblems, markClusterOpen, recordClusterClosed } from './pglite-file-sizes.js';
import { readPGliteTemplate, unpackPGliteTemplate } from './pglite-template.js';
import { typeParsers } from './type-parsers.js';

/** Pass as `dataDir` for a throwaway in-memory database. */
export const IN_MEMORY = ':memory:';

export interface OpenedPGlite<T = PGlite> {
  pglite: T;
  location: string;
  /** Call after PGlite has closed: frees the data directory for the next opener. */
  release(): Promise<void>;
}

/**
 * PostgreSQL's memory settings for an embedded, single-connection service. PGlite's own postgresql.conf keeps
 * shared_buffers at PostgreSQL's 128 MB, all of it touched at start (resident): measured on a fresh process opening an
 * existing data dir, RSS +279 MiB with it against +148 MiB with 16 MB (bench/history/memory.md, "Native memory"). Pages past
 * the buffers come from the operating system's file cache, as PGlite reads its files through node:fs.
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface OpenPGliteOptions {
  /** Let V8 tier PGlite's hot functions up to TurboFan code (false or unset: Liftoff's baseline code only). */
  tierUp?: boolean;
  /**
   * false: refuse (NoEmbeddedDatabaseError) instead of creating a database where there is none, and create no
   * directory. Operator commands open this way unless asked to --init: run in the wrong directory, they would
   * otherwise make a new database there with a key nobody sees. Default true (serve, migrate).
   */
  createIfMissing?: boolean;
}

/** There is no embedded database where an open that may not create one looked. */
export class NoEmbeddedDatabaseError extends Error {
  constructor(readonly location: string) {
    super(`no textclass database in ${location}`);
  }
}

/**
 * Which code V8 runs PGlite's WebAssembly with, set before PGlite compiles its module (a V8 flag of the process; PGlite
 * is the only WebAssembly the server loads). V8 compiles every function with Liftoff, then recompiles the hot ones with
 * TurboFan in the background; with `--liftoff-only` PGlite costs ~70 MiB less resident at ready (server: 410 -> 339 MiB,
 * three runs each; bare PGlite: +175 -> +95 MiB) for statements ~10 % slower (bench/history/memory.md, "Memory").
 */
function chooseWasmTier(tierUp: boolean): void {
  setFlagsFromString(tierUp ? '--no-liftoff-only' : '--liftoff-only');
}

/** Entries of a directory that hold no database: a mount point's lost+found and hidden files. */
const NOT_DATABASE_FILES = (name: string) => name === 'lost+found' || name.startsWith('.');

/** Whether the cluster directory holds anything but a mount point's entries (missing: false). */
async function holdsDatabaseFiles(location: string): Promise<boolean> {
  const entries = await readdir(location).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.some((name) => !NOT_DATABASE_FILES(name));
}

/**
 * Refuses a cluster directory that holds database files but fails the checks (pglite-cluster-check.ts, and the sizes
 * recorded at its last clean close): PGlite would otherwise load the template over it (a missing PG_VERSION: the
 * old catalogue and WAL overwritten) or abort inside WebAssembly without a word. Answers whether it is new (empty).
 */
async function checkExistingCluster(location: string): Promise<'new' | 'existing'> {
  if (!(await holdsDatabaseFiles(location))) return 'new';
  const problems = [...clusterFileProblems(location), ...fileSizeProblems(location)];
  if (problems.length === 0) return 'existing';
  const shown = problems.slice(0, 6).join('; ') + (problems.length > 6 ? `; and ${problems.length - 6} more` : '');
  throw new DataDirectoryError(
    `the embedded database in ${location} is damaged and was not opened (nothing was written): ${shown}. Restore ` +
      'that directory from a backup; to start an empty database instead, move it away first',
  );
}

/** PGlite stops inside WebAssembly with only "Aborted()" on files the checks above cannot see. */
function openFailure(location: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new DataDirectoryError(
    `the embedded database in ${location} could not be opened (${message.split('\n')[0]}): its files may be damaged ` +
      'or written by another PostgreSQL version. Restore that directory from a backup; to start an empty database ' +
      'instead, move it away first',
    { cause: error },
  );
}

/** Where and from what a PGlite starts: its cluster directory (undefined: in memory), and whether from the template. */
export interface PGliteCreateSpec {
  dataDir?: string;
  template: boolean;
}

/** Creates PGlite as the server runs it (its parsers and memory settings), on whichever thread calls it. */
export async function createPGlite(spec: PGliteCreateSpec): Promise<PGlite> {
  return PGlite.create({
    ...(spec.dataDir === undefined ? {} : { dataDir: spec.dataDir }),
    parsers: { ...typeParsers },
    startParams: [...EMBEDDED_START_PARAMS],
    loadDataDir: spec.template ? await readPGliteTemplate() : undefined,
  });
}

/** Opens PGlite in `<dataDir>/pglite` (created if missing), or in memory when dataDir is IN_MEMORY. */
export function openPGlite(dataDir: string, options: OpenPGliteOptions = {}): Promise<OpenedPGlite> {
  return openEmbedded(dataDir, options, createPGlite);
}

/**
 * The checks, the lock and the template of `openPGlite`, with the database itself made by `create` (PGlite here, or
 * PGlite on a thread of its own: pglite-thread.ts).
 */
export async function openEmbedded<T extends { readonly closed: boolean }>(
  dataDir: string,
  options: OpenPGliteOptions,
  create: (spec: PGliteCreateSpec) => Promise<T>,
): Promise<OpenedPGlite<T>> {
  chooseWasmTier(options.tierUp ?? false);
  if (dataDir === IN_MEMORY) {
    return { pglite: await create({ template: true }), location: IN_MEMORY, release: async () => undefined };
  }
  const location = path.resolve(dataDir, 'pglite');
  // Only whether files are there: the checks of their contents come after the lock (a running server may hold them).
  // A PostgreSQL server's data directory is refused by prepareDataDirectory, with its own reason.
  if (options.createIfMissing === false && !isPostgresCluster(dataDir) && !(await holdsDatabaseFiles(location)))
    throw new NoEmbeddedDatabaseError(location);
  await prepareDataDirectory(dataDir);
  await mkdir(location, { recursive: true });
  const unlock = await acquireDirectoryLock(`${location}.lock`, `the database directory ${location}`);
  let pglite: T | undefined;
  try {
    // A new database starts from the build's packed cluster (pglite-template.ts), unpacked to disk; an existing one as
    // it is, once its files pass the checks. A directory with only a mount point's entries: PGlite loads the template.
    const template = (await checkExistingCluster(location)) === 'new' && !(await unpackPGliteTemplate(location));
    markClusterOpen(location);
    pglite = await create({ dataDir: location, template }).catch((error: unknown) => {
      throw openFailure(location, error);
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  const opened = pglite;
  return {
    pglite: opened,
    location,
    release: async () => {
      // Only after a clean shutdown do the files hold still until the next open: then their sizes are recorded.
      try {
        if (opened.closed) recordClusterClosed(location);
      } finally {
        await unlock();
      }
    },
  };
}
