// Figures of a Linux process read from the text of /proc/PID/status and /proc/PID/stat (the scripts read the files).

/** A `Field:   1234 kB` line of /proc/PID/status, in KiB; NaN when the field is absent. */
export function statusKiB(status: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
}

/** RSS, its file-backed part (mapped files: code, memory-mapped model tables) and peak RSS, in MiB. */
export interface ProcessMemory {
  rssMiB: number;
  fileRssMiB: number;
  peakRssMiB: number;
}

/** VmRSS, RssFile and VmHWM of a status text, each rounded to whole MiB. */
export function processMemory(status: string): ProcessMemory {
  const mib = (field: string) => Math.round(statusKiB(status, field) / 1024);
  return { rssMiB: mib('VmRSS'), fileRssMiB: mib('RssFile'), peakRssMiB: mib('VmHWM') };
}

/** utime + stime of /proc/PID/stat in seconds (fields 14 and 15, in clock ticks of 1/100 s). */
export function cpuSecondsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
