// The validator's route lookup remembered per method + path: same metadata and params as the lookup, refusals unchanged.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractValidator } from './validator.js';
import { rememberRouteMatches, rememberValidatorRouteMatches } from './route-match-memo.js';

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(contractValidator(false));
  app.post('/v2/models/:model_id/inference', (req, res) => {
    const { openapi } = req as unknown as { openapi: { openApiRoute: string; pathParams: unknown } };
    res.json({ route: openapi.openApiRoute, pathParams: openapi.pathParams, params: req.params });
  });
  const errors: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ status: error.status });
  };
  app.use(errors);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const infer = (path: string, method = 'POST') =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'POST' ? JSON.stringify({ texts: ['hello'] }) : undefined,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

describe('remembered route matches', () => {
  it('is installed on the validator instance the library exposes', () => {
    OpenApiValidator.middleware({ apiSpec: { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} } });
    expect(rememberValidatorRouteMatches((OpenApiValidator.middleware as { _oav?: unknown })._oav)).toBe(true);
    expect(rememberValidatorRouteMatches(undefined)).toBe(false);
  });

  it('answers a repeated path with the same route and params (coerced by validation), each request its own', async () => {
    const first = await infer('/v2/models/7/inference');
    const again = await infer('/v2/models/7/inference');
    const other = await infer('/v2/models/8/inference');
    expect(first).toEqual({
      status: 200,
      body: { route: '/v2/models/{model_id}/inference', pathParams: { model_id: 7 }, params: { model_id: 7 } },
    });
    expect(again.body).toEqual(first.body);
    expect(other.body).toEqual({ ...(first.body as object), pathParams: { model_id: 8 }, params: { model_id: 8 } });
    expect((await infer('/v2/models/7/inference?unknown=1')).status).toBe(400); // the query is still validated
  });

  it('refuses an unknown path, a wrong method and a malformed escape every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await infer('/v2/nothing-here')).status).toBe(404);
      expect((await infer('/v2/models/7/inference', 'GET')).status).toBe(405);
      expect((await infer('/v2/models/%E0%A4%A/inference')).status).toBe(400);
    }
  });

  it('remembers at most maxPaths pairs, the least recently used going first', () => {
    let runs = 0;
    const memo = rememberRouteMatches((req, _res, next) => {
      runs++;
      (req as { openapi?: unknown }).openapi = { pathParams: { id: req.path } };
      next();
    }, 2);
    const run = (path: string) => {
      const req = { method: 'GET', baseUrl: '', path, originalUrl: path } as unknown as Parameters<RequestHandler>[0];
      memo(req, {} as Parameters<RequestHandler>[1], () => undefined);
      return req as unknown as { openapi: { pathParams: { id: string } }; params: unknown };
    };
    run('/a');
    run('/b');
    const a = run('/a');
    expect(runs).toBe(2);
    expect(a.openapi.pathParams).toEqual({ id: '/a' });
    expect(a.params).toBe(a.openapi.pathParams);
    run('/c'); // drops /b
    run('/b');
    expect(runs).toBe(4);
  });
});
