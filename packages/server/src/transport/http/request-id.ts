// Gives every request an id (echoing a safe client-sent X-Request-Id) and sets it on every response.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { RequestContext } from './context.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const sent = req.get('x-request-id');
    const id = sent !== undefined && SAFE_ID.test(sent) ? sent : `req_${randomUUID().replace(/-/g, '')}`;
    const context: RequestContext = { requestId: id, startedAt: process.hrtime.bigint() };
    Object.assign(res.locals, context);
    res.setHeader('X-Request-Id', id);
    next();
  };
}
