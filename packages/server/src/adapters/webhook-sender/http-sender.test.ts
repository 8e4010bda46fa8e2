// The HTTP sender: a status for any answer, a timeout error for no answer, and non-public targets refused unless allowed: an address in the URL before connecting, a host's where it connects, once per connection.
import { createServer } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from './http-sender.js';

describe('webhook HTTP sender', () => {
  let url = '';
  let received = 0;
  const server = createServer((req, res) => {
    received += 1;
    if (req.url === '/slow') return; // never answers
    req.resume();
    req.on('end', () => res.writeHead(req.url === '/gone' ? 410 : 204).end());
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('returns the status code of the answer', async () => {
    const sender = createHttpSender(true);
    expect(await sender.send(`${url}/ok`, { 'webhook-id': 'msg_1' }, '{}', 5_000)).toEqual({ statusCode: 204 });
    expect(await sender.send(`${url}/gone`, {}, '{}', 5_000)).toEqual({ statusCode: 410 });
  });

  it('fails an attempt that gets no answer within the timeout', async () => {
    await expect(createHttpSender(true).send(`${url}/slow`, {}, '{}', 100)).rejects.toThrow(/no response within/);
  });

  it('refuses a loopback target when private addresses are not allowed, before connecting', async () => {
    await expect(createHttpSender(false).send(`${url}/ok`, {}, '{}', 5_000)).rejects.toThrow(
      /private, loopback or link-local/,
    );
  });

  it('looks a host up where it connects, once per connection: kept-alive sends are not looked up again', async () => {
    const port = new URL(url).port;
    let lookups = 0;
    let answer = '127.0.0.1';
    const counting: LookupFunction = (_hostname, options, callback) => {
      lookups += 1;
      if (options.all) callback(null, [{ address: answer, family: 4 }]);
      else callback(null, answer, 4);
    };
    // Private addresses are not allowed; this policy refuses only 127.0.0.2, so the receiver on 127.0.0.1 stands in
    // for a public one.
    const sender = createHttpSender(false, { lookup: counting, refuses: (address) => address === '127.0.0.2' });
    const before = received;
    for (let i = 0; i < 3; i++)
      expect(await sender.send(`http://hooks.example.test:${port}/ok`, {}, '{}', 5_000)).toEqual({ statusCode: 204 });
    expect(received).toBe(before + 3);
    expect(lookups).toBe(1);

    // The host now resolves to a refused address: a new connection (another host name) is refused where it is made.
    answer = '127.0.0.2';
    await expect(sender.send(`http://rebound.example.test:${port}/ok`, {}, '{}', 5_000)).rejects.toThrow(
      /rebound\.example\.test resolves to 127\.0\.0\.2, a non-public address \(set TEXTCLASS_WEBHOOK_ALLOW_PRIVATE/,
    );
    expect(lookups).toBe(2);
    expect(received).toBe(before + 3);

    // Allowed private targets (TEXTCLASS_WEBHOOK_ALLOW_PRIVATE) connect through the same injected lookup.
    answer = '127.0.0.1';
    expect(
      await createHttpSender(true, { lookup: counting }).send(
        `http://allowed.example.test:${port}/ok`,
        {},
        '{}',
        5_000,
      ),
    ).toEqual({ statusCode: 204 });
    expect(received).toBe(before + 4);
  });

  it('refuses localhost, which resolves to a loopback address', async () => {
    const port = new URL(url).port;
    const before = received;
    await expect(createHttpSender(false).send(`http://localhost:${port}/ok`, {}, '{}', 5_000)).rejects.toThrow(
      /localhost resolves to (127\.0\.0\.1|::1), a non-public address/,
    );
    expect(await createHttpSender(true).send(`http://localhost:${port}/ok`, {}, '{}', 5_000)).toEqual({
      statusCode: 204,
    });
    expect(received).toBe(before + 1);
  });
});
