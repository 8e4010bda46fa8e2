// Dynamic batching over a gated test model, driven through a serving encoder without cache: merging, order, limits, queue bound and failures.
import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../../core/shared/domain-errors.js';
import type { BatchingOptions, BatchObserver } from './batch-queue.js';
import { ServingEncoder } from './encoder-stages.js';
import { GatedEncoder, vectorOf, type GatedEntry } from '../testing/gated-encoder.js';

/** The queue alone in front of the model (no cache): every text is tokenised and queued, repeats included. */
const queued = (model: GatedEncoder, batching: Partial<BatchingOptions> = {}, observer?: BatchObserver) =>
  new ServingEncoder(model, { batching, observer });
const texts = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${'x'.repeat(i)}`);

describe('the batching queue', () => {
  it('merges requests that arrive while a batch runs into one call, sorted by length, results in request order', async () => {
    const inner = new GatedEncoder();
    const batching = queued(inner, { maxWaitMs: 0 });
    const first = batching.embed(['first']);
    await inner.waitForCalls(1);
    const b = batching.embed(['bbbbbbbb', 'b']);
    const c = batching.embed(['cccc']);
    const d = batching.embed(['dd', 'dddddddddddd', 'd']);
    expect(batching.queue.queueDepth).toBe(6);
    inner.releaseOne();
    await inner.waitForCalls(1);
    expect(inner.calls).toHaveLength(2);
    expect(inner.calls[1]).toEqual(['b', 'd', 'dd', 'cccc', 'bbbbbbbb', 'dddddddddddd']);
    inner.releaseAll();
    expect(await first).toEqual([vectorOf('first')]);
    expect(await b).toEqual([vectorOf('bbbbbbbb'), vectorOf('b')]);
    expect(await c).toEqual([vectorOf('cccc')]);
    expect(await d).toEqual([vectorOf('dd'), vectorOf('dddddddddddd'), vectorOf('d')]);
  });

  it('hands the model its next batch while one runs, never more than maxBatchesInFlight at once', async () => {
    const inner = new GatedEncoder();
    const batching = queued(inner, { maxWaitMs: 0 });
    const first = batching.embed(['first']);
    await inner.waitForCalls(1);
    // The model is busy: the next batch is handed to it now (it starts the moment the first ends), not on its return.
    const second = batching.embed(['second']);
    await inner.waitForCalls(2);
    const third = batching.embed(['third', 'third+']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(inner.calls).toEqual([['first'], ['second']]);
    expect(batching.queue.queueDepth).toBe(2);
    inner.releaseOne();
    await inner.waitForCalls(2);
    expect(inner.calls[2]).toEqual(['third', 'third+']);
    inner.releaseAll();
    expect(await Promise.all([first, second, third])).toEqual([
      [vectorOf('first')],
      [vectorOf('second')],
      [vectorOf('third'), vectorOf('third+')],
    ]);
  });

  it('with maxBatchesInFlight 1 waits for the running batch before it hands over the next', async () => {
    const inner = new GatedEncoder();
    const batching = queued(inner, { maxWaitMs: 0, maxBatchesInFlight: 1 });
    const first = batching.embed(['first']);
    await inner.waitForCalls(1);
    const second = batching.embed(['second']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(inner.calls).toEqual([['first']]);
    inner.releaseAll();
    expect(await Promise.all([first, second])).toEqual([[vectorOf('first')], [vectorOf('second')]]);
  });

  it('merges requests of the same tick while the idle queue waits', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    const batching = queued(inner, { maxWaitMs: 0 });
    const results = await Promise.all([
      batching.embed(['a1', 'a2']),
      batching.embed(['b1']),
      batching.embed(['c1', 'c2', 'c3']),
    ]);
    expect(inner.calls).toHaveLength(1);
    expect(inner.calls[0]).toHaveLength(6);
    expect(results.map((r) => r.length)).toEqual([2, 1, 3]);
  });

  it('runs a full batch without waiting and splits work at the text limit', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    const batching = queued(inner, { maxBatchTexts: 4, maxWaitMs: 60_000 });
    const vectors = await batching.embed(texts('t', 10));
    expect(inner.calls.map((c) => c.length)).toEqual([4, 4, 2]);
    expect(vectors).toEqual(texts('t', 10).map(vectorOf));
  });

  it('splits at the padded-token limit, using the token count of each tokenised text', async () => {
    const inner = new GatedEncoder('gated', (text) => text.length);
    inner.open = true;
    const batching = queued(inner, { maxBatchTokens: 20, maxWaitMs: 0 });
    await batching.embed(['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddddddddddddddddddddddd']);
    expect(inner.calls.map((c) => c.length)).toEqual([2, 1, 1]);
  });

  it('refuses with UNAVAILABLE and a Retry-After when the queue is full, and recovers', async () => {
    const inner = new GatedEncoder();
    const batching = queued(inner, { maxWaitMs: 0, maxQueueTexts: 3, retryAfterSeconds: 2 });
    const running = batching.embed(['running']);
    await inner.waitForCalls(1);
    const waiting = batching.embed(['q1', 'q2', 'q3']);
    const tokenize = vi.spyOn(inner, 'tokenize');
    const refused = batching.embed(['one too many']);
    expect(tokenize).not.toHaveBeenCalled();
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 2 });
    inner.releaseAll();
    await Promise.all([running, waiting]);
    expect(await batching.embed(['after'])).toEqual([vectorOf('after')]);
  });

  it('admits one request larger than the bound when nothing waits', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    const batching = queued(inner, { maxWaitMs: 0, maxQueueTexts: 2 });
    expect(await batching.embed(['a', 'b', 'c', 'd'])).toHaveLength(4);
  });

  it('fails the request of a failed run that holds it alone, and keeps serving', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    let failNext = true;
    const flaky = Object.assign(Object.create(inner) as GatedEncoder, {
      run: (batch: GatedEntry[]) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('session failed'));
        }
        return inner.run(batch);
      },
    });
    const batching = queued(flaky, { maxWaitMs: 0 });
    await expect(batching.embed(['a', 'b'])).rejects.toThrow('session failed');
    expect(await batching.embed(['c'])).toEqual([vectorOf('c')]);
  });

  it('runs each request of a failed shared run again on its own: only the request whose text the model rejects fails', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    const rejecting = Object.assign(Object.create(inner) as GatedEncoder, {
      run: (batch: GatedEntry[]) =>
        batch.some((entry) => entry.text === 'poison')
          ? Promise.reject(new Error('input rejected by the model'))
          : inner.run(batch),
    });
    const batching = queued(rejecting, { maxWaitMs: 0 });
    const results = await Promise.allSettled([
      batching.embed(['a', 'bb']),
      batching.embed(['poison', 'c']),
      batching.embed(['ddd']),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: [vectorOf('a'), vectorOf('bb')] });
    expect(results[2]).toEqual({ status: 'fulfilled', value: [vectorOf('ddd')] });
    expect(inner.calls.map((call) => [...call].sort())).toEqual([['a', 'bb'], ['ddd']]);
    expect(await batching.embed(['e'])).toEqual([vectorOf('e')]);
  });

  it('reports each batch to the observer', async () => {
    const inner = new GatedEncoder();
    inner.open = true;
    const seen: Array<[string, number]> = [];
    const batching = queued(inner, { maxWaitMs: 0 }, { batch: (id, n) => seen.push([id, n]) });
    await Promise.all([batching.embed(['a', 'b']), batching.embed(['c'])]);
    expect(seen).toEqual([['gated', 3]]);
  });
});
