// The pipeline bench's wait for a classified backlog: it reads the last record (an O(rows) count and offset for the
// server's database) only once no classification job is left, not on every poll.
import { describe, expect, it } from 'vitest';
import type { Api } from './api.js';
import { waitClassified } from './upload.js';

/** A server whose classification jobs finish one per poll, and whose last record is classified once they have. */
function serverDraining(jobs: number) {
  const calls = { pending: 0, tail: 0 };
  let left = jobs;
  const api = {
    classificationJobsPending: async () => {
      calls.pending++;
      const now = left;
      left = Math.max(0, left - 1);
      return now;
    },
    tailClassified: async () => {
      calls.tail++;
      return { total: 100, classified: left === 0 };
    },
  } as unknown as Api;
  return { api, calls };
}

describe('waitClassified', () => {
  it('polls the jobs pending while the backlog drains and reads the last record once', async () => {
    const { api, calls } = serverDraining(4);
    const at = await waitClassified(api, 'ds_1', 100, performance.now() + 10_000);
    expect(at).toBeTypeOf('number');
    expect(calls.pending).toBe(5);
    expect(calls.tail).toBe(1);
  });

  it('gives up at the deadline when the last record is never classified', async () => {
    const { api } = serverDraining(1_000);
    expect(await waitClassified(api, 'ds_1', 100, performance.now() + 250)).toBeUndefined();
  });
});
