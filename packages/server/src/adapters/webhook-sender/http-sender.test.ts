// The HTTP sender: a status for any answer, a timeout error for no answer, and non-public targets refused at send time unless allowed.
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

  it('re-checks the address where it connects: a host that resolves to a public address, then to 127.0.0.1, is refused', async () => {
    const port = new URL(url).port;
    const answers: string[] = [];
    // DNS rebinding: the first answer (the URL check) is public, every later one (the connection) is loopback.
    // The public answer is TEST-NET-1 (RFC 5737), never routed, so nothing leaves this host even if the check regressed.
    const rebinding: LookupFunction = (_hostname, options, callback) => {
      const address = answers.length === 0 ? '192.0.2.1' : '127.0.0.1';
      answers.push(address);
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const before = received;
    await expect(
      createHttpSender(false, { lookup: rebinding }).send(`http://hooks.example.test:${port}/ok`, {}, '{}', 5_000),
    ).rejects.toThrow(/resolves to 127\.0\.0\.1, a non-public address/);
    expect(answers).toEqual(['192.0.2.1', '127.0.0.1']);
    expect(received).toBe(before);

    // Allowed private targets (TEXTCLASS_WEBHOOK_ALLOW_PRIVATE) connect through the same injected lookup.
    const loopback: LookupFunction = (_hostname, options, callback) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
    expect(
      await createHttpSender(true, { lookup: loopback }).send(`http://hooks.example.test:${port}/ok`, {}, '{}', 5_000),
    ).toEqual({ statusCode: 204 });
    expect(received).toBe(before + 1);
  });

  it('refuses localhost, which resolves to a loopback address', async () => {
    const port = new URL(url).port;
    const before = received;
    await expect(createHttpSender(false).send(`http://localhost:${port}/ok`, {}, '{}', 5_000)).rejects.toThrow(
      /private, loopback or link-local/,
    );
    expect(await createHttpSender(true).send(`http://localhost:${port}/ok`, {}, '{}', 5_000)).toEqual({
      statusCode: 204,
    });
    expect(received).toBe(before + 1);
  });
});
