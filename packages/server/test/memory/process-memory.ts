// A child process's resident memory from /proc (Linux): now, its peak since a reset, and once it has settled.
import { readFileSync, writeFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in MiB (undefined where there is no /proc). */
function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MiB (Linux /proc; undefined elsewhere). */
export const rssMiB = (pid: number): number | undefined => statusMiB(pid, 'VmRSS');

/** The most resident memory the process has had since it started or since resetPeakRss(). */
export const peakRssMiB = (pid: number): number | undefined => statusMiB(pid, 'VmHWM');

/** Resets the process's peak RSS to its RSS now (clear_refs 5); false where that is not allowed. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * RSS once it has settled: for a second or two after ready the collector's background threads are still handing the
 * loading garbage back (one run read 1,015 MiB at ready and 719 MiB a moment later). Settled: four samples 250 ms apart
 * within 2 MiB of each other (or the last of 60, never a failure by itself).
 */
export async function settledRss(pid: number): Promise<number | undefined> {
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const rss = rssMiB(pid);
    if (rss === undefined) return undefined;
    samples.push(rss);
    const last = samples.slice(-4);
    if (last.length === 4 && Math.max(...last) - Math.min(...last) <= 2) return rss;
    await new Promise((r) => setTimeout(r, 250));
  }
  return samples.at(-1);
}
