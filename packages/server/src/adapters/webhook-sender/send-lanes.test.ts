// Send lanes: no more than a lane's limit in flight per key, in the order given, a newer limit taking hold, the wait reported, and a send still waiting at its start-by time not sent.
import { describe, expect, it } from 'vitest';
import type { SendAnswer, WebhookSender } from '../../core/ports/pipeline.js';
import { withSendLanes } from './send-lanes.js';

/** A sender whose POSTs are answered by the test: `answer(url)` settles the oldest one open for that URL. */
function heldSender() {
  const open: Array<{ url: string; settle: (answer: SendAnswer) => void }> = [];
  const started: string[] = [];
  const sender: WebhookSender = {
    send: (url) =>
      new Promise((resolve) => {
        started.push(url);
        open.push({ url, settle: resolve });
      }),
  };
  const answer = async (url: string, statusCode = 200) => {
    const index = open.findIndex((o) => o.url === url);
    open.splice(index, 1)[0]!.settle({ statusCode });
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sender, open, started, answer };
}

const far = () => Date.now() + 60_000;

describe('send lanes', () => {
  it("keeps each key's sends within its limit, in the order given, and other keys apart", async () => {
    const held = heldSender();
    const lanes = withSendLanes(held.sender);
    const results = [1, 2, 3, 4, 5].map((n) =>
      lanes.send(`a${n}`, {}, '{}', 1_000, undefined, { key: 'a', limit: 2, startBy: far() }),
    );
    const other = lanes.send('b1', {}, '{}', 1_000, undefined, { key: 'b', limit: 2, startBy: far() });
    expect(held.started).toEqual(['a1', 'a2', 'b1']);
    await held.answer('a2');
    expect(held.started).toEqual(['a1', 'a2', 'b1', 'a3']);
    await held.answer('a1');
    await held.answer('a3');
    await held.answer('a4');
    await held.answer('a5');
    await held.answer('b1');
    expect(held.started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
    for (const answer of [...(await Promise.all(results)), await other])
      expect(answer).toEqual({ statusCode: 200, waitedMs: expect.any(Number) });
  });

  it('takes the newest limit for the whole lane, and starts the waiting sends a raised one allows', async () => {
    const held = heldSender();
    const lanes = withSendLanes(held.sender);
    const send = (url: string, limit: number) =>
      void lanes.send(url, {}, '{}', 1_000, undefined, { key: 'k', limit, startBy: far() });
    for (const url of ['1', '2', '3', '4']) send(url, 1);
    expect(held.started).toEqual(['1']);
    send('5', 3);
    expect(held.started).toEqual(['1', '2', '3']);
    send('6', 1);
    await held.answer('1');
    await held.answer('2');
    expect(held.started).toEqual(['1', '2', '3']);
    await held.answer('3');
    expect(held.started).toEqual(['1', '2', '3', '4']);
  });

  it('reports how long a send waited for its slot', async () => {
    const held = heldSender();
    const lanes = withSendLanes(held.sender);
    const lane = { key: 'k', limit: 1, startBy: far() };
    const first = lanes.send('1', {}, '{}', 1_000, undefined, lane);
    const second = lanes.send('2', {}, '{}', 1_000, undefined, lane);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await held.answer('1');
    await held.answer('2');
    expect((await first)?.waitedMs).toBeLessThan(30);
    expect((await second)?.waitedMs).toBeGreaterThanOrEqual(50);
  });

  it('does not send what still waits at its start-by time (null), and goes on with the rest', async () => {
    const held = heldSender();
    let now = 1_000;
    const lanes = withSendLanes(held.sender, () => now);
    const first = lanes.send('1', {}, '{}', 1_000, undefined, { key: 'k', limit: 1, startBy: 1_500 });
    const late = lanes.send('2', {}, '{}', 1_000, undefined, { key: 'k', limit: 1, startBy: 1_500 });
    const later = lanes.send('3', {}, '{}', 1_000, undefined, { key: 'k', limit: 1, startBy: 5_000 });
    now = 2_000;
    await held.answer('1');
    expect(await late).toBeNull();
    expect(held.started).toEqual(['1', '3']);
    await held.answer('3', 410);
    expect(await first).toMatchObject({ statusCode: 200 });
    expect(await later).toMatchObject({ statusCode: 410 });
  });

  it('passes a send without a lane straight through, however many are open', async () => {
    const held = heldSender();
    const lanes = withSendLanes(held.sender);
    const all = ['1', '2', '3'].map((url) => lanes.send(url, {}, '{}', 1_000));
    expect(held.started).toEqual(['1', '2', '3']);
    for (const url of ['1', '2', '3']) await held.answer(url);
    expect(await Promise.all(all)).toEqual([{ statusCode: 200 }, { statusCode: 200 }, { statusCode: 200 }]);
  });
});
