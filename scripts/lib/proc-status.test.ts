// Parsing /proc/PID/status and /proc/PID/stat as the benchmarks read them.
import { describe, expect, it } from 'vitest';
import { cpuSecondsOfStat, processMemory, statusKiB } from './proc-status.js';

const STATUS = [
  'Name:\tnode',
  'VmPeak:\t 1200000 kB',
  'VmHWM:\t  409600 kB',
  'VmRSS:\t  307200 kB',
  'RssAnon:\t  250000 kB',
  'RssFile:\t   51300 kB',
  'Threads:\t11',
].join('\n');

describe('statusKiB', () => {
  it('reads the named field, not one that merely starts with its name', () => {
    expect(statusKiB(STATUS, 'VmRSS')).toBe(307_200);
    expect(statusKiB(STATUS, 'VmHWM')).toBe(409_600);
    expect(statusKiB(STATUS, 'RssFile')).toBe(51_300);
  });

  it('is NaN for a field the text lacks', () => {
    expect(statusKiB(STATUS, 'VmSwap')).toBeNaN();
  });
});

describe('processMemory', () => {
  it('gives RSS, file-backed RSS and peak in whole MiB', () => {
    expect(processMemory(STATUS)).toEqual({ rssMiB: 300, fileRssMiB: 50, peakRssMiB: 400 });
  });
});

describe('cpuSecondsOfStat', () => {
  it('adds utime and stime (fields 14 and 15) in 1/100 s ticks, after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (worker) 1) S 1 4242 4242 0 -1 4194560 900 0 0 0 1234 566 0 0 20 0 11 0 100 0 0';
    expect(cpuSecondsOfStat(stat)).toBe(18);
  });
});
