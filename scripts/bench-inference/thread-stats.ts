// Per-thread CPU of a process from Linux /proc/PID/task/*/schedstat: time on a core and time runnable but waiting for one.
import { readdirSync, readFileSync } from 'node:fs';

/** Nanoseconds per thread id: on a core (run) and runnable on a run queue but not running (wait). */
export type ThreadSnapshot = Map<number, { name: string; runNs: number; waitNs: number }>;

/** A thread group's share over an interval: seconds on a core and seconds waiting for one, per wall second. */
export interface ThreadGroupUse {
  name: string;
  threads: number;
  /** Cores this group used (run seconds ÷ wall seconds). */
  cores: number;
  /** Runnable but not running, summed over the group's threads, ÷ wall seconds. */
  waiting: number;
}

export interface ProcessUse {
  /** Cores the whole process used over the interval. */
  cores: number;
  /** Run-queue wait of all its threads ÷ wall seconds. */
  waiting: number;
  /** The busiest threads, most CPU first, then the others together. */
  groups: ThreadGroupUse[];
}

/** Reads every thread's schedstat (empty on a system without /proc). */
export function snapshot(pid: number): ThreadSnapshot {
  const threads: ThreadSnapshot = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(Number(tid), { name, runNs: run ?? 0, waitNs: wait ?? 0 });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * What the process's threads did between two snapshots taken `seconds` apart: the whole process, and its busiest
 * threads one by one (`main` for the thread whose id is the pid; the rest as `name tid`, where Node's worker threads
 * and onnxruntime's pool threads all carry the process's name), the others summed.
 */
export function use(pid: number, before: ThreadSnapshot, after: ThreadSnapshot, seconds: number, top = 3): ProcessUse {
  const perSecond = (ns: number) => round3(ns / 1e9 / seconds);
  const threads = [...after].map(([tid, now]) => {
    const was = before.get(tid) ?? { runNs: 0, waitNs: 0 };
    return { tid, name: now.name, runNs: now.runNs - was.runNs, waitNs: now.waitNs - was.waitNs };
  });
  threads.sort((a, b) => b.runNs - a.runNs);
  const rest = threads.slice(top);
  const sum = (list: typeof threads, key: 'runNs' | 'waitNs') => list.reduce((total, t) => total + t[key], 0);
  return {
    cores: perSecond(sum(threads, 'runNs')),
    waiting: perSecond(sum(threads, 'waitNs')),
    groups: [
      ...threads.slice(0, top).map((t) => ({
        name: t.tid === pid ? 'main' : `${t.name} ${t.tid}`,
        threads: 1,
        cores: perSecond(t.runNs),
        waiting: perSecond(t.waitNs),
      })),
      {
        name: 'others',
        threads: rest.length,
        cores: perSecond(sum(rest, 'runNs')),
        waiting: perSecond(sum(rest, 'waitNs')),
      },
    ],
  };
}
