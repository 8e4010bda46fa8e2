// Helmet's security headers worked out once at start-up and set from a list per request (helmet itself recomputes nothing, but hops 12 middleware a request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { addHeaders, dropHeader } from '../shared/lane-headers.js';

/** What helmet's middleware does to a response: headers set (in its order) and headers removed. */
export interface SecurityHeaders {
  set: Array<[name: string, value: string]>;
  removed: string[];
}

/**
 * Runs helmet once against a recorder. Refuses (throws) any option that makes a header depend on the request: a
 * function in a directive (a CSP nonce) reads the request, calls next asynchronously or with an error, or touches
 * anything on the response other than setHeader/removeHeader.
 */
export function recordHelmetHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const recorded: SecurityHeaders = { set: [], removed: [] };
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a ${typeof value}, not a string`);
      recorded.set.push([name, value]);
      return response;
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  const request = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`helmet read request.${String(property)}: its headers are not the same for every request`);
      },
    },
  );
  let done = false;
  helmet(options)(request as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed');
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return recorded;
}

/** helmet(options) as one middleware hop: the same headers, set in the same order, from a list built once. */
export function securityHeaders(options: Readonly<HelmetOptions>): RequestHandler {
  const { set, removed } = recordHelmetHeaders(options);
  return (_req, res, next) => {
    addHeaders(res, set);
    for (let i = 0; i < removed.length; i++) dropHeader(res, removed[i] as string);
    next();
  };
}
