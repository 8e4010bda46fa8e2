// bench:workers' report: CPU per request, a server's medians over its rounds, the two-over-one workers ratio.
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../bench-inference/http-load.js';
import { cpuMsPerRequest, serverRow, twoWorkersOverOne } from './summary.js';

const round = (textsPerSecond: number, p50Ms = 10): LoadResult => ({
  concurrency: 32,
  textsPerRequest: 1,
  requests: 1000,
  errors: 0,
  seconds: 5,
  textsPerSecond,
  p50Ms,
  p99Ms: 3 * p50Ms,
});

describe('cpuMsPerRequest', () => {
  it('the CPU seconds a round used, in ms per request', () => {
    expect(cpuMsPerRequest(10, 11.5, 3_000)).toBe(0.5);
    expect(cpuMsPerRequest(0, 1, 3)).toBe(333.333);
  });
});

describe('serverRow', () => {
  it('medians over the rounds, the rounds’ rates in order, and the RSS given', () => {
    const rows = [round(400, 12), round(800, 8), round(600, 10)];
    expect(serverRow('pg 1', rows, [1.2, 0.9, 1.1], 300)).toEqual({
      server: 'pg 1',
      requestsPerSecond: 600,
      p50Ms: 10,
      p99Ms: 30,
      rounds: [400, 800, 600],
      cpuMsPerRequest: 1.1,
      rssMiB: 300,
    });
  });
});

describe('twoWorkersOverOne', () => {
  it('per round, two workers’ rate over one worker’s, and the median', () => {
    expect(twoWorkersOverOne([round(100), round(200), round(300)], [round(150), round(100), round(300)])).toEqual({
      perRound: [1.5, 0.5, 1],
      median: 1,
    });
  });
});
