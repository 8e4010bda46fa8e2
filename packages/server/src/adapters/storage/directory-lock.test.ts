// The directory lock file: refused while its process runs, taken over from a process that is gone or a zombie not yet reaped.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './directory-lock.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'textclass-lock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const procState = (pid: number): string => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .charAt(0);
};

/** A shell that starts a short child and then execs `sleep`, which never reaps it: the child stays a zombie. */
async function zombieAndParent(): Promise<{ parent: ChildProcess; zombie: number }> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const zombie = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
    parent.once('error', reject);
  });
  while (procState(zombie) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 20));
  return { parent, zombie };
}

describe('directory lock', () => {
  it('refuses while the owner runs, and is taken again once released', async () => {
    const lock = path.join(dir, 'held.lock');
    const release = await acquireDirectoryLock(lock, 'the test directory');
    expect((await readFile(lock, 'utf8')).trim()).toBe(String(process.pid));
    await expect(acquireDirectoryLock(lock, 'the test directory')).rejects.toThrow(/in use by process/);
    await release();
    await release();
    await (
      await acquireDirectoryLock(lock, 'the test directory')
    )();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const lock = path.join(dir, 'gone.lock');
    await writeFile(lock, '999999999\n');
    await (
      await acquireDirectoryLock(lock, 'the test directory')
    )();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock naming a zombie (exited, not yet reaped), but not one naming its running parent',
    async () => {
      const { parent, zombie } = await zombieAndParent();
      try {
        const lock = path.join(dir, 'zombie.lock');
        await writeFile(lock, `${parent.pid}\n`);
        await expect(acquireDirectoryLock(lock, 'the test directory')).rejects.toThrow(
          new RegExp(`in use by process ${parent.pid}`),
        );
        await writeFile(lock, `${zombie}\n`);
        expect(procState(zombie)).toBe('Z');
        const release = await acquireDirectoryLock(lock, 'the test directory');
        expect((await readFile(lock, 'utf8')).trim()).toBe(String(process.pid));
        await release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});
