// An exclusive lock file so that only one process (and one instance) opens an embedded PGlite directory.
import { readFileSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';

const heldHere = new Set<string>();

/** The directory is held by another live process (`owner`). */
export class DirectoryLockedError extends Error {
  constructor(
    message: string,
    readonly owner: number,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'DirectoryLockedError';
  }
}

/** A process's state letter from /proc/<pid>/stat (Linux), or undefined where there is no /proc. */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": comm may hold spaces and parentheses, so the state follows the last ")".
    return (
      stat
        .slice(stat.lastIndexOf(')') + 1)
        .trim()
        .charAt(0) || undefined
    );
  } catch {
    return undefined;
  }
}

/** Alive and running: a zombie (exited, not yet reaped by its parent, e.g. straight after kill -9) or dead process holds nothing. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = procState(pid);
  return state !== 'Z' && state !== 'X' && state !== 'x';
}

async function readOwner(lockPath: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A lock is stale when its process is gone or a zombie, or names this process but was not taken by it (a restart as PID 1). */
function isStale(owner: number | undefined, lockPath: string): boolean {
  if (owner === undefined) return true;
  if (owner === process.pid) return !heldHere.has(lockPath);
  return !isAlive(owner);
}

/** Takes the lock or throws; resolves to a function that releases it (safe to call twice). */
export async function acquireDirectoryLock(lockPath: string, what: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(lockPath);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        await unlink(lockPath).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(lockPath);
      if (!isStale(owner, lockPath)) {
        throw new DirectoryLockedError(
          `${what} is in use by process ${owner} (lock file ${lockPath}); ` +
            'stop that process first, or use DATABASE_URL to share one PostgreSQL between processes',
          owner!,
          { cause: error },
        );
      }
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new Error(`could not take the lock file ${lockPath}`);
}
