// One suite, run against each dispatcher over the same pipeline steps: the Express app and the fast lane in front of it answer alike.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBodies } from '../middleware/body/request-bodies.js';
import { expressMessageClasses, withFastLane } from './fast-lane.js';
import { routerOf, type HotRoute } from '../shared/hot-routes.js';
import { laneHandlers, mountSteps, SAME, type PipelineStep } from '../shared/request-steps.js';

/** A step that notes its name on the response (what ran, in order). */
const noting =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    ((res.locals.ran ??= []) as string[]).push(name);
    next();
  };

const fail =
  (how: string): RequestHandler =>
  (_req, _res, next) => {
    const error = Object.assign(new Error(`failed by ${how}`), { status: 418 });
    if (how === 'throw') throw error;
    if (how === 'next') return next(error);
    return Promise.reject(error) as unknown as void;
  };

function pipeline(): PipelineStep[] {
  const publicRoutes = Router().get('/health', (_req, res) => res.json({ ok: true }));
  const bodies = requestBodies(1024);
  return [
    { name: 'first', handlers: [noting('first')], lane: SAME },
    { name: 'public routes', handlers: [publicRoutes], lane: { skip: 'GET only' } },
    {
      name: 'gate',
      mount: ['/v2'],
      handlers: [(req, res, next) => (req.headers['x-deny'] ? void res.status(401).json({ denied: true }) : next())],
      lane: SAME,
    },
    { name: 'bodies', handlers: bodies.express, lane: { lane: () => [bodies.lane], why: 'the lane reads its own' } },
    { name: 'last', handlers: [noting('last')], lane: SAME },
  ];
}

const routes: HotRoute[] = [
  {
    path: '/v2/things/:thing_id',
    handlers: [
      (req, res) => res.json({ ran: res.locals.ran as unknown, thing: req.params.thing_id, body: req.body as unknown }),
    ],
  },
  { path: '/v2/fail/:how', handlers: [(req, res, next) => fail(req.params.how as string)(req, res, next)] },
];

const errors: ErrorRequestHandler = (error: Error & { status?: number }, _req, res, _next) => {
  res.status(error.status ?? 500).json({ error: error.message, ran: res.locals.ran as unknown });
};

interface Dispatching {
  listener: RequestListener;
  options: Parameters<typeof createServer>[0];
  served: () => number;
}

const dispatchers: Record<string, () => Dispatching> = {
  express: () => {
    const app = express();
    mountSteps(app, pipeline());
    app.use(routerOf(routes), errors);
    return { listener: app, options: {}, served: () => 0 };
  },
  'fast lane': () => {
    const app = express();
    const steps = pipeline();
    mountSteps(app, steps);
    app.use(routerOf(routes), errors);
    const listener = withFastLane({
      app,
      prelude: () => laneHandlers(steps),
      routes,
      onError: (error, req, res) => errors(error, req, res, () => undefined),
      bodyLimitBytes: 1024,
    });
    return { listener, options: expressMessageClasses(app), served: () => listener.served };
  },
};

describe.each(Object.keys(dispatchers))('the pipeline through %s', (name) => {
  let server: Server;
  let url: string;
  let dispatching: Dispatching;
  beforeAll(async () => {
    dispatching = (dispatchers[name] as () => Dispatching)();
    server = createServer(dispatching.options, dispatching.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('runs the steps in their order, then the route with its path parameters and parsed body', async () => {
    const answer = await post('/v2/things/th_1', { texts: ['a'] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ran: ['first', 'last'], thing: 'th_1', body: { texts: ['a'] } });
  });

  it('stops at a step that answers', async () => {
    const answer = await post('/v2/things/th_1', {}, { 'x-deny': '1' });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ denied: true });
  });

  it.each(['throw', 'next', 'reject'])('hands an error raised by %s to the error handler', async (how) => {
    const answer = await post(`/v2/fail/${how}`, {});
    expect(answer.status).toBe(418);
    expect(await answer.json()).toEqual({ error: `failed by ${how}`, ran: ['first', 'last'] });
  });

  it("refuses a body that is not JSON through the body step's error", async () => {
    const answer = await fetch(`${url}/v2/things/th_1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"texts": [',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { ran: unknown }).ran).toEqual(['first']);
  });

  it('serves the steps the lane skips on the Express path', async () => {
    const before = dispatching.served();
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
    expect((await post('/v2/things/th_1?x=1', {})).status).toBe(200);
    expect(dispatching.served()).toBe(before);
  });
});

describe('the fast lane', () => {
  it('takes the hot routes it can serve whole', async () => {
    const dispatching = (dispatchers['fast lane'] as () => Dispatching)();
    const server = createServer(dispatching.options, dispatching.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/v2/things/th_2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    expect(dispatching.served()).toBe(1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("builds each step's lane form once per hot route, so what a form learns of one route never serves another", async () => {
    const app = express();
    const learning: PipelineStep = {
      name: 'learns its route',
      handlers: [],
      lane: {
        lane: () => {
          const paths = new Set<string>();
          return [
            (req, res, next) => {
              paths.add(req.path);
              res.locals.ran = [`paths seen: ${paths.size}`];
              next();
            },
          ];
        },
        why: 'as the contract step keeps compiled checks per route',
      },
    };
    const listener = withFastLane({
      app,
      prelude: () => laneHandlers([learning]),
      routes,
      onError: (error, req, res) => errors(error, req, res, () => undefined),
      bodyLimitBytes: 1024,
    });
    const server = createServer(expressMessageClasses(app), listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect(((await (await send('/v2/things/a')).json()) as { ran: unknown }).ran).toEqual(['paths seen: 1']);
    expect(((await (await send('/v2/fail/next')).json()) as { ran: unknown }).ran).toEqual(['paths seen: 1']);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a pipeline with a step it would run that is not mounted on /v2', () => {
    const step: PipelineStep = { name: 'v1 only', mount: ['/v1'], handlers: [noting('v1')], lane: SAME };
    expect(() => laneHandlers([step])).toThrow(/v1 only/);
  });
});
