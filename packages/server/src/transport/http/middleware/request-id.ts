// Gives every request an id (echoing a safe client-sent X-Request-Id) and sets it on every response.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { RequestContext } from '../pipeline/context.js';
import { headerTarget } from '../pipeline/lane-headers.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Starts the request's context (id and start time) and echoes the id in X-Request-Id. */
export function assignRequestId(req: Request, res: Response): void {
  const sent = req.get('x-request-id');
  const id = sent !== undefined && SAFE_ID.test(sent) ? sent : `req_${randomUUID().replace(/-/g, '')}`;
  const context: RequestContext = { requestId: id, startedAt: process.hrtime.bigint() };
  Object.assign(res.locals, context);
  headerTarget(res).setHeader('X-Request-Id', id);
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    assignRequestId(req, res);
    next();
  };
}
