// The fast lane answers exactly as Express does: the same requests to a server with it and to one without give the same answers, log lines and metrics.
import { Agent } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';
import {
  ALLOWED_ORIGIN,
  AUTH_FAILURE_CASES,
  BODY_LIMIT,
  GOOD_CASES,
  HOSTILE_CASES,
  RATE_LIMIT_CASES,
  type Case,
  type Keys,
} from './cases.js';
import { differences } from './identity.js';
import { exchange, type RawAnswer } from './raw-exchange.js';

interface Side {
  server: TestServer;
  keys: Keys;
  agent: Agent;
  log: Array<Record<string, unknown>>;
}

/** A server's settings beyond the test defaults. */
type Settings = Parameters<typeof startTestServer>[0];

async function startSide(fastLane: boolean, settings: Settings): Promise<Side> {
  const log: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') log.push(JSON.parse(line));
      done();
    },
  });
  const server = await startTestServer(
    { bodyLimitBytes: BODY_LIMIT, validateResponses: false, ...settings },
    { logger: createLogger('info', sink), fastLane },
  );
  const limitedWorkspace = await server.createWorkspace({ name: 'limited', rateLimitPerMinute: 1 });
  const keys: Keys = {
    admin: ADMIN_KEY,
    member: await server.createKey(server.workspace, 'member'),
    reader: await server.createKey(server.workspace, 'reader'),
    limited: await server.createKey(limitedWorkspace, 'member'),
  };
  return { server, keys, agent: new Agent({ keepAlive: true, maxSockets: 1 }), log };
}

/** The access-log line of a request id, without its measured time. */
function logLine(side: Side, requestId: string): Record<string, unknown> | undefined {
  const line = side.log.find((entry) => entry.msg === 'request' && entry.requestId === requestId);
  if (!line) return undefined;
  const { time: _time, ms: _ms, pid: _pid, hostname: _host, ...rest } = line;
  return rest;
}

interface Pair {
  fast: Side;
  reference: Side;
}

async function both(
  pair: Pair,
  test: Case,
  index: number,
): Promise<{ fast: RawAnswer; reference: RawAnswer; id: string }> {
  const id = `fastlane-${index}`;
  const send = (side: Side) => {
    const request = test.request(side.keys);
    return exchange(side.server.url, side.agent, { ...request, headers: { 'X-Request-Id': id, ...request.headers } });
  };
  const answers = { fast: await send(pair.fast), reference: await send(pair.reference), id };
  // The access log is written on the response's `finish`, which may come just after the client has the answer.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return answers;
}

function check(pair: Pair, cases: Case[], offset: number): void {
  cases.forEach((test, i) => {
    it(test.name, async () => {
      const answers = await both(pair, test, offset + i);
      expect(differences(answers.fast, answers.reference)).toEqual([]);
      expect(logLine(pair.fast, answers.id)).toEqual(logLine(pair.reference, answers.id));
    });
  });
}

/** Every case against a server with the lane and one without, both with `settings`. */
function suite(name: string, settings: Settings): void {
  describe(name, () => {
    const pair = {} as Pair;
    beforeAll(async () => {
      pair.fast = await startSide(true, settings);
      pair.reference = await startSide(false, settings);
    }, 240_000);
    afterAll(async () => {
      for (const side of [pair.fast, pair.reference]) {
        side?.agent.destroy();
        await side?.server.close();
      }
    });

    describe('good requests', () => check(pair, GOOD_CASES, 0));
    describe('hostile requests', () => check(pair, HOSTILE_CASES, 100));
    describe('rate limits', () => check(pair, RATE_LIMIT_CASES, 200));
    describe('failed authentications', () => check(pair, AUTH_FAILURE_CASES, 300));

    it('counts the same requests by the same route templates and statuses', async () => {
      const counted = async (side: Side) => {
        const res = await fetch(`${side.server.url}/metrics`);
        return (await res.text()).split('\n').filter((line) => /^textclass_http_requests_total\{/.test(line));
      };
      const lines = await counted(pair.fast);
      expect(lines.some((line) => line.includes('/v2/models/{model_id}/inference'))).toBe(true);
      expect(lines).toEqual(await counted(pair.reference));
    });

    it('takes the hot requests it can serve whole, and leaves the rest to Express', async () => {
      // The lane is the application's listener; the body-deadline watch is prepended before it.
      const served = (side: Side) =>
        (
          side.server.running.server.listeners('request').find((listener) => 'served' in listener) as
            { served: number } | undefined
        )?.served;
      const before = served(pair.fast) ?? 0;
      expect(before).toBeGreaterThan(GOOD_CASES.length);
      await both(pair, GOOD_CASES[0] as Case, 900);
      expect(served(pair.fast)).toBe(before + 1);
      await both(pair, HOSTILE_CASES.find((test) => test.name === 'chunked body') as Case, 901);
      await both(pair, HOSTILE_CASES.find((test) => test.name === 'gzip body') as Case, 902);
      expect(served(pair.fast)).toBe(before + 1);
      expect(served(pair.reference)).toBeUndefined();
    });
  });
}

describe('the fast lane answers as Express does', () => {
  // As the server starts by default: its answers' headers go out from the lane's prepared list.
  suite('default settings', {});
  // CORS (the lane hands the headers to the response before the cors package) and HSTS, so their headers are compared.
  // Response validation (the lane runs the validator's middleware, and the answer goes out through its res.json).
  suite('response validation on', { validateResponses: true });
  suite('CORS and HSTS on', {
    corsOrigins: [ALLOWED_ORIGIN],
    hsts: { maxAgeSeconds: 31_536_000, includeSubDomains: true },
  });
});
