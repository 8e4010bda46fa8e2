// Gives every request an id (echoing a safe client-sent X-Request-Id) and sets it on every response; the error answers quote it.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What the request-id step leaves in `res.locals` (a host's request context may carry more). */
export interface RequestIdentity {
  requestId: string;
  startedAt: bigint;
}

/** Where the X-Request-Id header goes: the response, or a host's list of headers still to be set. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/** Starts the request's identity (id and start time) in `res.locals` and echoes the id in X-Request-Id. */
export function assignRequestId(req: Request, res: Response, headers: HeaderSink = res): void {
  const sent = req.get('x-request-id');
  const id = sent !== undefined && SAFE_ID.test(sent) ? sent : `req_${randomUUID().replace(/-/g, '')}`;
  const identity: RequestIdentity = { requestId: id, startedAt: process.hrtime.bigint() };
  Object.assign(res.locals, identity);
  headers.setHeader('X-Request-Id', id);
}

/** The id the request-id step gave the request. */
export function requestIdOf(res: Response): string {
  return (res.locals as RequestIdentity).requestId;
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    assignRequestId(req, res);
    next();
  };
}
