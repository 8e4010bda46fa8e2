// The HTTP sender: a status for any answer, a timeout error for no answer, and non-public targets refused at send time unless allowed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSender } from './http-sender.js';

describe('webhook HTTP sender', () => {
  let url = '';
  const server = createServer((req, res) => {
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
});
