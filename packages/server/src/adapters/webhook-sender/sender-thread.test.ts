// The threaded sender: POSTs sent from its thread reach the receiver once each with their headers and bodies, outcomes find their callers, lanes hold on the thread, the thread's refusals and timeouts come back as errors, and a closed sender fails what it held and starts again.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThreadedSender } from './sender-thread.js';

describe('webhook sender thread', () => {
  let url = '';
  const bodies: Array<{ path: string; id: string | undefined; body: string }> = [];
  const server = createServer((req, res) => {
    if (req.url === '/slow') return void req.resume(); // never answers
    if (req.url === '/late') return void req.resume().on('end', () => setTimeout(() => res.writeHead(202).end(), 100));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const header = req.headers['webhook-id'];
      const id = typeof header === 'string' ? header : undefined;
      bodies.push({
        path: req.url ?? '',
        id,
        body: Buffer.concat(chunks).toString(),
      });
      // Each answer's status depends on its request, so that a mixed-up outcome shows.
      res.writeHead(req.url === '/gone' ? 410 : 200 + (Number(id?.replace('msg_', '')) % 7)).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends many POSTs at once, each once with its headers and body, and gives each caller its own status', async () => {
    const sender = createThreadedSender(true);
    bodies.length = 0;
    const ids = Array.from({ length: 200 }, (_, i) => i);
    const results = await Promise.all(
      ids.map((i) =>
        sender.send(`${url}/hook`, { 'webhook-id': `msg_${i}` }, JSON.stringify({ n: i, text: 'é🙂' }), 5_000),
      ),
    );
    expect(results).toEqual(ids.map((i) => ({ statusCode: 200 + (i % 7) })));
    expect(bodies.map((b) => b.id).sort()).toEqual(ids.map((i) => `msg_${i}`).sort());
    for (const { id, body } of bodies) expect(JSON.parse(body)).toEqual({ n: Number(id?.slice(4)), text: 'é🙂' });
    expect(await sender.send(`${url}/gone`, { 'webhook-id': 'msg_0' }, '{}', 5_000)).toEqual({ statusCode: 410 });
    await sender.close();
  });

  it("queues a lane's sends on the thread, reports their wait, and sends nothing still waiting at its start-by time", async () => {
    const sender = createThreadedSender(true);
    const lane = (startBy: number) => ({ key: 'endpoint-1', limit: 1, startBy });
    const [first, expired, waited] = await Promise.all([
      sender.send(`${url}/late`, {}, '{}', 5_000, undefined, lane(Date.now() + 60_000)),
      sender.send(`${url}/late`, {}, '{}', 5_000, undefined, lane(Date.now() + 50)),
      sender.send(`${url}/late`, {}, '{}', 5_000, undefined, lane(Date.now() + 60_000)),
    ]);
    expect(first).toEqual({ statusCode: 202, waitedMs: expect.any(Number) });
    expect(expired).toBeNull();
    expect(waited).toEqual({ statusCode: 202, waitedMs: expect.any(Number) });
    expect(waited!.waitedMs).toBeGreaterThanOrEqual(90);
    await sender.close();
  });

  it("passes the thread's refusals and timeouts back as errors naming the cause", async () => {
    const guarded = createThreadedSender(false);
    const open = createThreadedSender(true);
    const [refused, late, fine] = await Promise.allSettled([
      guarded.send(`${url}/hook`, {}, '{}', 5_000),
      open.send(`${url}/slow`, {}, '{}', 100),
      open.send(`${url}/hook`, { 'webhook-id': 'msg_3' }, '{}', 5_000),
    ]);
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/^url .*loopback/) },
    });
    expect(late).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/no response within/) },
    });
    expect(fine).toEqual({ status: 'fulfilled', value: { statusCode: 203 } });
    await Promise.all([guarded.close(), open.close()]);
  });

  it('fails the POSTs in flight when closed, and a later POST starts a new thread', async () => {
    const sender = createThreadedSender(true);
    const held = sender.send(`${url}/slow`, {}, '{}', 30_000);
    const outcome = expect(held).rejects.toThrow(/closed/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sender.close();
    await outcome;
    expect(await sender.send(`${url}/hook`, { 'webhook-id': 'msg_5' }, '{}', 5_000)).toEqual({ statusCode: 205 });
    await sender.close();
  });
});
