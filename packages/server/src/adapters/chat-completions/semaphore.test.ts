// The per-endpoint semaphore: slots, arrival order, a bounded line and a deadline for waiting.
import { describe, expect, it } from 'vitest';
import { Semaphore, SlotWaitTimeoutError, WaitQueueFullError } from './semaphore.js';

/** A task that runs until its release() is called. */
function heldTask(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most limit tasks at once and hands slots to waiters in arrival order', async () => {
    const log: string[] = [];
    const semaphore = new Semaphore(2);
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const runs = tasks.map((t) => semaphore.run(t.task));
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]!.release();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks.forEach((t) => t.release());
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a task at once when maxWaiting tasks already wait, and serves the line it kept', async () => {
    const log: string[] = [];
    const semaphore = new Semaphore(1, 1);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldTask(log, name));
    const runA = semaphore.run(a!.task);
    const runB = semaphore.run(b!.task);
    await expect(semaphore.run(c!.task)).rejects.toBeInstanceOf(WaitQueueFullError);
    a!.release();
    b!.release();
    expect([await runA, await runB]).toEqual(['a', 'b']);
    expect(log).not.toContain('start c');
  });

  it('gives up waiting at the deadline without running the task, and leaks no slot', async () => {
    const log: string[] = [];
    const semaphore = new Semaphore(1);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldTask(log, name));
    const runA = semaphore.run(a!.task);
    await expect(semaphore.run(b!.task, Date.now() + 20)).rejects.toBeInstanceOf(SlotWaitTimeoutError);
    const runC = semaphore.run(c!.task);
    a!.release();
    c!.release();
    expect([await runA, await runC]).toEqual(['a', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start c', 'end c']);
    const d = heldTask(log, 'd');
    const runD = semaphore.run(d.task);
    await turn();
    expect(log.at(-1)).toBe('start d');
    d.release();
    await runD;
  });
});
