// What a process's threads did between two /proc schedstat snapshots: cores used, run-queue wait, the busiest threads.
import { describe, expect, it } from 'vitest';
import { use, type ThreadSnapshot } from './thread-stats.js';

const snap = (rows: Array<[number, string, number, number]>): ThreadSnapshot =>
  new Map(rows.map(([tid, name, runNs, waitNs]) => [tid, { name, runNs, waitNs }]));

describe('use', () => {
  const before = snap([
    [100, 'node', 1e9, 0],
    [101, 'node', 0, 0],
    [102, 'node', 0, 0],
  ]);
  const after = snap([
    [100, 'node', 3e9, 0.5e9],
    [101, 'node', 1e9, 0],
    [102, 'node', 0.2e9, 0.1e9],
    [103, 'node', 0.6e9, 0.3e9],
  ]);

  it('per wall second: the whole process, then the busiest threads (main by the pid), the rest summed', () => {
    expect(use(100, before, after, 2, 2)).toEqual({
      cores: 1.9,
      waiting: 0.45,
      groups: [
        { name: 'main', threads: 1, cores: 1, waiting: 0.25 },
        { name: 'node 101', threads: 1, cores: 0.5, waiting: 0 },
        { name: 'others', threads: 2, cores: 0.4, waiting: 0.2 },
      ],
    });
  });

  it('counts a thread born during the interval from zero', () => {
    const groups = use(100, before, after, 1, 4).groups;
    expect(groups.find((g) => g.name === 'node 103')).toEqual({
      name: 'node 103',
      threads: 1,
      cores: 0.6,
      waiting: 0.3,
    });
  });
});
