// Requests the HTTP parser refuses get the contract's error object (never a bare 400, never over a carried-out
// request's answer); and two values the suite of hostile inputs found reaching the database: a NUL in a webhook URL
// and an offset past int32.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorAnswer } from '../../src/transport/http/errors/client-errors.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webhookAllowPrivate: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Sends raw bytes on one connection (half-closing it when asked) and reads what the server answers until it closes. */
function rawExchange(bytes: string, halfClose = false): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes, () => {
      if (halfClose) socket.end();
    });
  });
}

const request = (method: string, path: string, contentLength: number, body: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n${body}`;

function errorObjectOf(answer: string): Record<string, unknown> {
  const body = answer.slice(answer.lastIndexOf('\r\n\r\n') + 4);
  return JSON.parse(body.slice(body.indexOf('{'))) as Record<string, unknown>;
}

describe('malformed HTTP', () => {
  it('a request line that is not HTTP answers the error object with an X-Request-Id', async () => {
    const answer = await rawExchange('NOT-A-METHOD / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const requestId = /\r\nX-Request-Id: (\S+)\r\n/.exec(answer)?.[1];
    expect(errorObjectOf(answer)).toEqual({
      status: 400,
      error_code: 'INVALID_PARAMETER',
      message: expect.stringMatching(/^request: /) as unknown,
      request_id: requestId,
    });
  });

  it('a body longer than its Content-Length: the request it announced is answered, then the connection closes', async () => {
    const body = JSON.stringify({ texts: ['my invoice is wrong'] });
    const answer = await rawExchange(request('POST', '/v2/models/1/inference', body.length, `${body}{"a":1}`));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/"predictions"/);
    expect(answer).not.toMatch(/HTTP\/1\.1 400 Bad Request\r\n\r\n/);
  });

  it('a body shorter than its Content-Length, cut off by the client, answers the error object', async () => {
    const answer = await rawExchange(request('POST', '/v2/models/1/inference', 40, '{"texts":["x"]}'), true);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorObjectOf(answer)).toMatchObject({ status: 400 });
  });

  it("the same on the OpenAI-compatible /v1/embeddings answers OpenAI's error object", async () => {
    const answer = await rawExchange(request('POST', '/v1/embeddings', 60, '{"model":"default","input":"x"}'), true);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorObjectOf(answer)).toEqual({
      error: {
        message: 'body: the request ended before its Content-Length',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_parameter',
      },
    });
  });

  it('the answer of a parse error is well-formed HTTP with a JSON body', () => {
    const answer = clientErrorAnswer('HPE_HEADER_OVERFLOW', 'req_x');
    const [head, body] = answer.split('\r\n\r\n');
    expect(Number(/Content-Length: (\d+)/.exec(head ?? '')?.[1])).toBe(Buffer.byteLength(body ?? ''));
    expect(JSON.parse(body ?? '')).toMatchObject({ status: 400, error_code: 'INVALID_PARAMETER', request_id: 'req_x' });
  });
});

describe('values the database cannot hold are 400 before it sees them', () => {
  it('a NUL or an unpaired surrogate in a webhook URL, on create and on update', async () => {
    for (const url of ['https://example.com/a\u0000b', 'http://127.0.0.1:9/\ud800']) {
      const created = await server.call('POST', '/v2/webhooks', {
        body: { url, events: ['classification.completed'], enabled: false },
      });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({
        error_code: 'INVALID_PARAMETER',
        message: expect.stringMatching(/^url: /) as unknown,
      });
    }
    const hook = await server.call('POST', '/v2/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: ['classification.completed'], enabled: false },
    });
    expect(hook.status).toBe(201);
    const id = (hook.body as { id: number }).id;
    const updated = await server.call('PATCH', `/v2/webhooks/${id}`, { body: { url: 'http://127.0.0.1:9/x\u0000' } });
    expect(updated.status).toBe(400);
    expect((await server.call('GET', `/v2/webhooks/${id}`)).body).toMatchObject({ url: 'http://127.0.0.1:9/hook' });
  });

  it('an offset past int32 on a list', async () => {
    for (const offset of ['2147483648', '9223372036854775808']) {
      const listed = await server.call('GET', `/v2/datasets?offset=${offset}`);
      expect(listed.status).toBe(400);
      expect(listed.body).toMatchObject({
        error_code: 'INVALID_PARAMETER',
        message: expect.stringMatching(/offset/) as unknown,
      });
    }
    expect((await server.call('GET', '/v2/datasets?offset=2147483647')).status).toBe(200);
  });
});
