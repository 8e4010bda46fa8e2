// A worker's limiter: the primary's decisions as given, its own counters (fail open, said once) while the primary does not answer.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import { createLogger } from '../../adapters/observability/logger.js';
import { clusterRateLimiter, type AskPrimary } from './cluster-rate-limiter.js';

function capturedLogger() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger('warn', stream), text: () => text };
}

describe('clusterRateLimiter', () => {
  it("answers with the primary's counters, which every worker shares", async () => {
    const primary = new InProcessRateLimiter();
    const ask: AskPrimary = (key, limit, take) => (take ? primary.consume(key, limit) : primary.peek(key, limit));
    const [a, b] = [clusterRateLimiter(ask, createLogger('silent')), clusterRateLimiter(ask, createLogger('silent'))];
    expect((await a.consume('w', 3)).remaining).toBe(2);
    expect((await b.consume('w', 3)).remaining).toBe(1);
    expect((await a.peek('w', 3)).remaining).toBe(1);
    expect(a.backend()).toBe('process');
  });

  it('counts on its own while the primary does not answer, says so once, and says when it answers again', async () => {
    let down = true;
    const primary = new InProcessRateLimiter();
    const ask: AskPrimary = (key, limit) =>
      down ? Promise.reject(new Error('no answer within 2000 ms')) : primary.consume(key, limit);
    const log = capturedLogger();
    const limiter = clusterRateLimiter(ask, log.logger);
    expect((await limiter.consume('w', 2)).remaining).toBe(1);
    expect((await limiter.consume('w', 2)).remaining).toBe(0);
    expect(log.text().match(/did not answer/g)).toHaveLength(1);
    down = false;
    expect((await limiter.consume('w', 2)).remaining).toBe(1);
    expect(log.text()).toMatch(/answers again/);
  });
});
