// When express-openapi-validator's internals moved (its self-check fails), the server starts without the fast lane,
// warns once, and every request takes the Express path with the same validation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { createHttpStack, type HttpStack } from '../../src/transport/http/pipeline/express-app.js';
import { checkValidatorInternals } from '@textclass/contract-checks';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
const servers: Server[] = [];

/** An HTTP stack over the running server's services, its log lines, and where it listens. */
async function stackWith(
  validatorInternals: Parameters<typeof createHttpStack>[1]['validatorInternals'],
): Promise<{ stack: HttpStack; log: Array<Record<string, unknown>>; url: string }> {
  const log: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') log.push(JSON.parse(line));
      done();
    },
  });
  const stack = createHttpStack(server.running.runtime.services, {
    logger: createLogger('warn', sink),
    bodyLimitBytes: 1024 * 1024,
    validateResponses: false,
    validatorInternals,
  });
  const http = createServer(stack.serverOptions, stack.listener).listen(0, '127.0.0.1');
  servers.push(http);
  await new Promise((resolve) => http.once('listening', resolve));
  return { stack, log, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

const embed = (url: string, body: unknown) =>
  fetch(`${url}/v2/embeddings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer({ validateResponses: false });
}, 120_000);
afterAll(async () => {
  for (const http of servers) await new Promise((resolve) => http.close(resolve));
  await server?.close();
});

describe('the fast lane when the validator internals moved', () => {
  it('is on when the self-check passes', async () => {
    const { stack, log } = await stackWith(checkValidatorInternals);
    expect(stack.listener).not.toBe(stack.app);
    expect(log).toEqual([]);
  });

  it('is off, with a warning naming what moved, and requests are validated and answered by Express', async () => {
    const moved = () => ({ ok: false as const, reason: 'util.augmentAjvErrors is not a function' });
    const { stack, log, url } = await stackWith(moved);
    expect(stack.listener).toBe(stack.app);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      level: 40,
      reason: 'util.augmentAjvErrors is not a function',
      checkedVersion: '5.6.2',
    });

    const good = await embed(url, { texts: ['refund my order'] });
    expect(good.status).toBe(200);
    expect(((await good.json()) as { embeddings: unknown[] }).embeddings).toHaveLength(1);
    const bad = await embed(url, { texts: 'not a list' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, error_code: expect.any(String) });
  });
});
