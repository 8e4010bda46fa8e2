// The package's public surface at work: the gate in front of a stand-in handler answers invalid requests with the
// contract's error object (OpenAI's under /v1), passes valid ones on, and a host's domain errors keep their status.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractGate, errorHandler, requestId, type AnswerCode, type RefusalReason } from './index.js';

/** A host's own error type, as the server's core has one: a code of the contract and a Retry-After. */
class HostError extends Error {
  constructor(
    readonly code: AnswerCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const ORIGIN = 'https://app.example.com';
const refusals: RefusalReason[] = [];
const logged: string[] = [];
const servers: Server[] = [];
let gated: string;
let hosted: string;

async function listen(app: express.Express): Promise<string> {
  const server = createServer(app).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Echoes the texts it is given, or throws the host's error (texts ["busy"]) or a bug (texts ["crash"]). */
const handler: express.RequestHandler = (req, res) => {
  const { texts } = req.body as { texts: string[] };
  if (texts[0] === 'busy') throw new HostError('RATE_LIMITED', 'slow down', 7);
  if (texts[0] === 'crash') throw new Error('a bug');
  res.json({ model_id: Number(req.params.model_id), echoed: texts });
};

beforeAll(async () => {
  // The gate in front of the handler, as the mock mounts it in front of Prism.
  const gate = contractGate({ corsOrigins: [ORIGIN], bodyLimitBytes: 1024 });
  const front = express();
  front.use(gate.cors, gate.checks);
  front.post('/v2/models/:model_id/inference', handler);
  front.use(gate.errors);
  // A host's own app answering its errors through the error handler, as the server does.
  const host = express();
  host.use(requestId(), express.json());
  host.post('/v2/models/:model_id/inference', handler);
  host.use(
    errorHandler(
      { error: (_fields, message) => logged.push(message) },
      {
        metrics: { refusal: (reason) => refusals.push(reason) },
        domainErrors: (err) => (err instanceof HostError ? err : undefined),
      },
    ),
  );
  [gated, hosted] = await Promise.all([listen(front), listen(host)]);
});

afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

const post = (path: string, body: string, headers: Record<string, string> = {}, base = gated) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('contractGate', () => {
  it('passes a valid request on to the handler, with the request id echoed', async () => {
    const res = await post('/v2/models/3/inference', JSON.stringify({ texts: ['a'] }), { 'X-Request-Id': 'req_ok' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req_ok');
    expect(await res.json()).toEqual({ model_id: 3, echoed: ['a'] });
  });

  it("answers a field the contract refuses with the contract's error object, quoting the request id", async () => {
    const res = await post('/v2/models/3/inference', JSON.stringify({ texts: [] }), { 'X-Request-Id': 'req_empty' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 400,
      message: 'texts: at least one non-empty string is required',
      error_code: 'EMPTY_TEXTS',
      request_id: 'req_empty',
    });
  });

  it('refuses a malformed path id, malformed JSON, a body over the limit and an unknown path, each naming what is wrong', async () => {
    const id = await post('/v2/models/03/inference', JSON.stringify({ texts: ['a'] }));
    expect(await id.json()).toMatchObject({ status: 400, error_code: 'INVALID_PARAMETER', message: /^model_id: / });
    const json = await post('/v2/models/3/inference', '{"texts": [');
    expect(await json.json()).toMatchObject({ status: 400, error_code: 'MALFORMED_JSON' });
    const large = await post('/v2/models/3/inference', JSON.stringify({ texts: ['x'.repeat(2000)] }));
    expect(await large.json()).toMatchObject({ status: 413, error_code: 'PAYLOAD_TOO_LARGE' });
    const unknown = await fetch(`${gated}/v2/model/3`);
    expect(await unknown.json()).toMatchObject({
      status: 404,
      error_code: 'NOT_FOUND',
      message: 'no endpoint matches GET /v2/model/3; did you mean /v2/models/3? See /docs',
    });
  });

  it("answers under /v1 in OpenAI's error shape, token arrays included", async () => {
    const res = await post('/v1/embeddings', JSON.stringify({ model: 'default', input: [[1, 2]] }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: 'input: token arrays are not supported; send text (a string or an array of strings)',
        type: 'invalid_request_error',
        param: 'input',
        code: 'invalid_parameter',
      },
    });
  });

  it('answers a CORS preflight for a configured origin', async () => {
    const res = await fetch(`${gated}/v2/models/3/inference`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

describe('errorHandler with a host', () => {
  it("answers the host's domain error with its code's status and Retry-After, counted as a refusal", async () => {
    const res = await post('/v2/models/3/inference', JSON.stringify({ texts: ['busy'] }), {}, hosted);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toMatchObject({ status: 429, error_code: 'RATE_LIMITED', message: 'slow down' });
    expect(refusals).toEqual(['rate_limited']);
  });

  it('answers anything else as INTERNAL_ERROR without its internals, and logs it', async () => {
    const res = await post('/v2/models/3/inference', JSON.stringify({ texts: ['crash'] }), {}, hosted);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; error_code: string };
    expect(body).toMatchObject({ error_code: 'INTERNAL_ERROR' });
    expect(body.message).not.toContain('a bug');
    expect(logged).toEqual(['request failed']);
  });
});
