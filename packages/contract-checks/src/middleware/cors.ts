// CORS for browser clients: off unless origins are configured (TEXTCLASS_CORS_ORIGINS); preflights answered before auth.
import cors from 'cors';
import type { RequestHandler } from 'express';

/** Headers a browser script may read from a response. */
const EXPOSED = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

/** No origins: a pass-through that adds no CORS headers, so browsers keep the same-origin policy. */
export function corsFor(origins: readonly string[]): RequestHandler {
  if (origins.length === 0) return (_req, _res, next) => next();
  return cors({
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: EXPOSED,
    credentials: false,
    maxAge: 600,
  });
}
