// The server process's CPU seconds (user + system, /proc/PID/stat): a per-row cost that moves less than rows/s on a shared machine.
import { readFileSync } from 'node:fs';
import { cpuSecondsOfStat } from '../lib/proc-status.js';

export type CpuClock = () => number | undefined;

/** A clock of `pid`'s CPU seconds; undefined where /proc is absent or the process is gone. */
export function serverCpuClock(pid: number): CpuClock {
  return () => {
    try {
      return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return undefined;
    }
  };
}

/** Server CPU milliseconds per row between two clock readings (null when either is missing or no rows). */
export function cpuMsPerRow(before: number | undefined, after: number | undefined, rows: number): number | null {
  if (before === undefined || after === undefined || rows <= 0) return null;
  return ((after - before) * 1000) / rows;
}
