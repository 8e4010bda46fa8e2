// Turns between workspaces in the batching queue, over a gated test model: which texts each batch takes, in order (no timing).
import { describe, expect, it, vi } from 'vitest';
import type { BatchingOptions } from './batch-queue.js';
import { QueueLanes } from './queue-lanes.js';
import { ServingEncoder } from './encoder-stages.js';
import { GatedEncoder, vectorOf } from '../testing/gated-encoder.js';
import { textSlices } from './text-slices.js';

/** A text's tokens are its characters, so a text of 100 characters fills a budget of 100 alone. */
const gated = () => new GatedEncoder('gated', (text) => text.length);
const queued = (model: GatedEncoder, batching: Partial<BatchingOptions>) => new ServingEncoder(model, { batching });
const long = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${name}${i}`.padEnd(100, '.')) as string[];
const nameOf = (text: string) => text.replace(/\.+$/, '');

describe('the batching queue across workspaces', () => {
  it("runs a workspace's one text in the next batch, not after another workspace's large request", async () => {
    const model = gated();
    const encoder = queued(model, { maxBatchTokens: 100, maxWaitMs: 0 });
    const large = encoder.embed(long('a', 10), { workspaceId: 1 });
    await model.waitForCalls(1);
    const small = encoder.embed(['hello'], { workspaceId: 2 });
    model.releaseOne();
    await model.waitForCalls(1);
    expect(model.calls.map((call) => call.map(nameOf))).toEqual([['a0'], ['hello']]);
    model.releaseOne();
    expect(await small).toEqual([vectorOf('hello')]);
    model.releaseAll();
    expect(await large).toEqual(long('a', 10).map(vectorOf));
    expect(model.calls.slice(2).map((call) => call.map(nameOf))).toEqual(
      ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'].map((name) => [name]),
    );
  });

  it("alternates two workspaces' large requests batch by batch, whichever queued more", async () => {
    const model = gated();
    const encoder = queued(model, { maxBatchTokens: 100, maxWaitMs: 0 });
    const first = encoder.embed(long('a', 6), { workspaceId: 1 });
    await model.waitForCalls(1);
    const second = encoder.embed(long('b', 3), { workspaceId: 2 });
    model.releaseAll();
    await Promise.all([first, second]);
    expect(model.calls.map((call) => call.map(nameOf).join())).toEqual([
      'a0',
      'b0',
      'a1',
      'b1',
      'a2',
      'b2',
      'a3',
      'a4',
      'a5',
    ]);
  });

  it('fills a batch with texts of every waiting workspace in turns, up to the text limit', async () => {
    const model = gated();
    // One batch at a time, so that every workspace's texts wait for the same next batch.
    const encoder = queued(model, { maxBatchTexts: 4, maxWaitMs: 0, maxBatchesInFlight: 1 });
    const running = encoder.embed(['first'], { workspaceId: 3 });
    await model.waitForCalls(1);
    const a = encoder.embed(['a0', 'a1', 'a2', 'a3'], { workspaceId: 1 });
    const b = encoder.embed(['b0', 'b1'], { workspaceId: 2 });
    const none = encoder.embed(['n0']);
    model.releaseOne();
    await model.waitForCalls(1);
    expect([...(model.calls[1] as string[])].sort()).toEqual(['a0', 'a1', 'b0', 'n0']);
    model.releaseAll();
    await Promise.all([running, a, b, none]);
    expect(model.calls.slice(2).map((call) => [...call].sort())).toEqual([['a2', 'a3', 'b1']]);
  });

  it('ends a batch at the token budget even where another workspace has texts that would fit', async () => {
    const model = gated();
    const encoder = queued(model, { maxBatchTokens: 100, maxWaitMs: 0 });
    const running = encoder.embed(['first'], { workspaceId: 3 });
    await model.waitForCalls(1);
    const a = encoder.embed(['a'.repeat(60), 'a'.repeat(60)], { workspaceId: 1 });
    const b = encoder.embed(['b'.repeat(30), 'b'.repeat(30)], { workspaceId: 2 });
    model.releaseOne();
    model.releaseAll();
    await Promise.all([running, a, b]);
    // a (60) + b (30) = 90; the next a (60) would overrun: its lane has the first turn of the next batch.
    expect(model.calls.slice(1).map((call) => call.map((t) => `${t[0] as string}${t.length}`))).toEqual([
      ['b30', 'a60'],
      ['b30', 'a60'],
    ]);
  });
});

describe('a large request', () => {
  it('is tokenised and queued a slice at a time, the event loop taking turns in between', async () => {
    const model = gated();
    const encoder = queued(model, { maxWaitMs: 0 });
    const texts = Array.from({ length: 6 }, (_, i) => `${i}`.padEnd(10_000, 'x'));
    const tokenize = vi.spyOn(model, 'tokenize');
    const pending = encoder.embed(texts, { workspaceId: 1 });
    expect(tokenize).toHaveBeenCalledTimes(1);
    const small = encoder.embed(['hello'], { workspaceId: 2 });
    expect(tokenize).toHaveBeenCalledTimes(2);
    model.releaseAll();
    expect(await pending).toEqual(texts.map(vectorOf));
    expect(await small).toEqual([vectorOf('hello')]);
    expect(tokenize).toHaveBeenCalledTimes(7);
    expect(await encoder.countTokens(texts)).toEqual(texts.map(() => 10_000));
  });

  it('is cut into slices of at most SLICE_CHARACTERS characters, a longer text alone', () => {
    expect(textSlices(['a'.repeat(10), 'b'.repeat(10), 'c'.repeat(10)], 20)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(textSlices(['a'.repeat(50), 'b'], 20)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(textSlices(Array.from({ length: 8 }, () => 'short text'))).toEqual([[0, 8]]);
  });
});

describe('QueueLanes', () => {
  it('drops items as it passes them when they are no longer wanted, and forgets emptied lanes', () => {
    const lanes = new QueueLanes<number>();
    lanes.push('x', [1, 2, 3]);
    lanes.push('y', [10]);
    expect(lanes.size).toBe(4);
    expect(
      lanes.take(
        10,
        100,
        () => 1,
        (n) => n === 1,
      ),
    ).toEqual([2, 10, 3]);
    expect(lanes.size).toBe(0);
    lanes.push('y', [11]);
    expect(
      lanes.take(
        10,
        100,
        () => 1,
        () => false,
      ),
    ).toEqual([11]);
  });
});
