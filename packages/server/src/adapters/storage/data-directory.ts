// The data directory before anything is written into it: never a PostgreSQL server's, created one level at a time, writable.
import { constants, existsSync } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The data directory (or the embedded cluster in it) cannot be used; nothing was written. */
export class DataDirectoryError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'DataDirectoryError';
  }
}

/** A PostgreSQL cluster's root: its version file and its control file (a server's, or an embedded PGlite's). */
export function isPostgresCluster(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION')) && existsSync(path.join(dir, 'global', 'pg_control'));
}

/** The directory or the nearest of its parents that is a PostgreSQL cluster's root, if any. */
function enclosingCluster(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (isPostgresCluster(current)) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * Creates the missing directories from the nearest existing parent down, one mkdir each: Node's recursive mkdir never
 * returns on some paths it cannot create (under /proc: ENOENT for the child, EEXIST for the parent, again and again).
 */
async function createDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = dir; !existsSync(current); current = path.dirname(current)) {
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const level of missing) {
    try {
      await mkdir(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new DataDirectoryError(
        `the data directory ${dir} cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)} at ` +
          `${level}); set TEXTCLASS_DATA_DIR (--data-dir) to a directory this user can create and write`,
        { cause: error },
      );
    }
  }
}

/**
 * Makes `dir` ready for the data textclass keeps (the embedded database, uploads, models), or throws a
 * DataDirectoryError that says why, before writing anything: inside a PostgreSQL server's data directory (or an
 * embedded cluster) it refuses, as a database created there would mix with that server's files; a path that cannot be
 * created or written fails at once.
 */
export async function prepareDataDirectory(dir: string): Promise<void> {
  const cluster = enclosingCluster(path.resolve(dir));
  if (cluster !== undefined) {
    throw new DataDirectoryError(
      `the data directory ${dir} ${cluster === path.resolve(dir) ? 'is' : `is inside ${cluster}, which is`} a ` +
        'PostgreSQL data directory (PG_VERSION, global/pg_control); textclass creates nothing there. Point ' +
        'TEXTCLASS_DATA_DIR (--data-dir) at a directory of its own, or use that server through DATABASE_URL',
    );
  }
  await createDirectory(dir);
  const found = await stat(dir);
  if (!found.isDirectory())
    throw new DataDirectoryError(`the data directory ${dir} is not a directory; set TEXTCLASS_DATA_DIR (--data-dir)`);
  try {
    await access(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new DataDirectoryError(
      `the data directory ${dir} is not writable by this user (${(error as NodeJS.ErrnoException).code}); ` +
        'set TEXTCLASS_DATA_DIR (--data-dir) to a directory this user can write',
      { cause: error },
    );
  }
}
