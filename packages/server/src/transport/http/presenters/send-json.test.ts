// sendJson answers what res.json answers (body, type, length; no ETag on POST) and keeps a wrapped res.json's checks.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from './send-json.js';

const body = { predictions: [[{ label: 'ünïcode <&>', confidence: 0.5 }]], model_id: 1, text_language: 'de' };
let base = '';
let close: () => void = () => {};
let wrapped = 0;

beforeAll(async () => {
  const app = express();
  app.post('/plain', (_req, res) => res.json(body));
  app.post('/fast', (_req, res) => sendJson(res, body));
  app.post('/wrapped', (_req, res) => {
    // What express-openapi-validator does when it validates responses: replaces json on the instance.
    const original = res.json.bind(res);
    res.json = (value: unknown) => {
      wrapped++;
      return original(value);
    };
    sendJson(res, body);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('sendJson', () => {
  it('answers the bytes and headers res.json answers, less the ETag a POST never uses', async () => {
    const plain = await fetch(`${base}/plain`, { method: 'POST' });
    const fast = await fetch(`${base}/fast`, { method: 'POST' });
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(await plain.text());
    for (const header of ['content-type', 'content-length'])
      expect(fast.headers.get(header), header).toBe(plain.headers.get(header));
    expect(fast.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('etag')).not.toBeNull();
    expect(fast.headers.get('etag')).toBeNull();
  });

  it('goes through a res.json that a validator wrapped', async () => {
    const answer = await fetch(`${base}/wrapped`, { method: 'POST' });
    expect(await answer.json()).toEqual(body);
    expect(wrapped).toBe(1);
  });
});
