// The fast lane, one Dispatcher: hot POST requests it can serve whole run one flat chain of the pipeline's handlers, skipping Express's router; every other request goes to Express untouched.
import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { HotRoute } from '../shared/hot-routes.js';
import { runChain, type ChainErrorHandler } from '../shared/middleware-chain.js';
import { collectHeaders, settleHeaders } from '../shared/lane-headers.js';
import { expressDispatcher, listenerOf, type Dispatcher } from './dispatcher.js';

export interface FastLaneOptions {
  /** The Express app every request the lane does not take goes to (and whose request/response prototypes it uses). */
  app: Express;
  /** The handlers the app runs before a hot route, in the app's order (request id … contract validation), per route. */
  prelude: (route: HotRoute) => RequestHandler[];
  routes: readonly HotRoute[];
  /** The app's error handler for these paths (the contract's error object). */
  onError: ChainErrorHandler;
  /** Bodies larger than this go to Express (its parser answers 413). */
  bodyLimitBytes: number;
}

interface CompiledRoute {
  path: string;
  pattern: RegExp;
  names: string[];
  handlers: RequestHandler[];
}

/** A hot route's path as a case-sensitive, exact RegExp: anything Express matches more loosely goes to Express. */
function compile(route: HotRoute, prelude: (route: HotRoute) => RequestHandler[]): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return {
    path: route.path,
    pattern: new RegExp(`^${source}$`),
    names,
    handlers: [...prelude(route), ...route.handlers],
  };
}

/** The only media types the lane reads (what body-parser takes as UTF-8 JSON); anything else goes to Express. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
const DIGITS = /^[0-9]{1,15}$/;

/**
 * Whether the lane can serve `req` whole, from its request line and headers alone: POST, an exact hot path with no
 * query and no percent-escape, an identity-coded JSON body of a declared length within the limit.
 */
function servable(req: IncomingMessage, limit: number): boolean {
  const { headers } = req;
  if (req.method !== 'POST' || headers['content-encoding'] !== undefined) return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = headers['content-length'];
  if (length === undefined || !DIGITS.test(length) || Number(length) > limit) return false;
  const type = headers['content-type'];
  return type !== undefined && JSON_TYPES.has(type.toLowerCase());
}

const inherits = (instance: object, prototype: object): boolean =>
  Object.prototype.isPrototypeOf.call(prototype, instance);

/** The listener, with a count of the requests the lane took (tests read it to know the lane ran). */
export type FastLaneListener = RequestListener & { served: number };

/**
 * Request and response classes whose instances already inherit the app's request and response objects, for the HTTP
 * server to construct (ServerOptions): the lane then needs no per-request Object.setPrototypeOf (a costly operation
 * that Express's app.handle still performs, to the same prototypes, for the requests it serves).
 */
export function expressMessageClasses(app: Express): Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  const { request, response } = app as unknown as { request: object; response: object };
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, request);
  Object.setPrototypeOf(AppResponse.prototype, response);
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse as unknown as typeof ServerResponse };
}

/** The fast lane as a dispatcher: it serves what it can serve whole and leaves every other request untouched. */
export function fastLaneDispatcher(options: FastLaneOptions): Dispatcher & { served: number } {
  const { app, onError, bodyLimitBytes } = options;
  const compiled = options.routes.map((route) => compile(route, options.prelude));
  const literal = new Map(compiled.filter((r) => r.names.length === 0).map((r) => [r.path, r]));
  const templated = compiled.filter((r) => r.names.length > 0);
  const { request, response } = app as unknown as { request: object; response: object };

  // An error answer is Express's: the collected headers go on the response first.
  const onLaneError: ChainErrorHandler = (error, req, res) => {
    settleHeaders(res);
    onError(error, req, res);
  };
  const lane = {
    served: 0,
    dispatch(req: IncomingMessage, res: ServerResponse): boolean {
      const url = req.url ?? '';
      if (!servable(req, bodyLimitBytes) || url.includes('?') || url.includes('%')) return false;
      let route = literal.get(url);
      let params: Record<string, string> = {};
      if (route === undefined) {
        for (const candidate of templated) {
          const match = candidate.pattern.exec(url);
          if (match === null) continue;
          route = candidate;
          params = Object.fromEntries(candidate.names.map((name, i) => [name, match[i + 1] as string]));
          break;
        }
        if (route === undefined) return false;
      }
      // What Express's app.handle and router do before the first middleware (no prototype change for a request the
      // server built from expressMessageClasses).
      const expressReq = (inherits(req, request) ? req : Object.setPrototypeOf(req, request)) as Request;
      const expressRes = (inherits(res, response) ? res : Object.setPrototypeOf(res, response)) as Response;
      (expressReq as { res?: Response }).res = expressRes;
      (expressRes as { req?: Request }).req = expressReq;
      expressRes.locals ??= Object.create(null) as Response['locals'];
      expressReq.originalUrl = url;
      expressReq.baseUrl = '';
      expressReq.params = params;
      lane.served++;
      collectHeaders(expressRes);
      runChain(route.handlers, expressReq, expressRes, onLaneError);
      return true;
    },
  };
  return lane;
}

/** The request listener: the lane for what it can serve, the app for the rest. */
export function withFastLane(options: FastLaneOptions): FastLaneListener {
  const lane = fastLaneDispatcher(options);
  const listener = listenerOf([lane, expressDispatcher(options.app)]);
  return Object.defineProperty(listener, 'served', { get: () => lane.served, enumerable: true }) as FastLaneListener;
}
