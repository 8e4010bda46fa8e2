// What the middleware chain learns about a request (request id, caller) and hands to the routes.
import type { Response } from 'express';
import type { RequestIdentity } from '@textclass/contract-checks';
import type { ApiKeyRecord, Workspace } from '../../../core/shared/types.js';

export interface Caller {
  workspace: Workspace;
  key: ApiKeyRecord;
}

/** The request id and start time (the request-id step's), and the caller once authenticated. */
export interface RequestContext extends RequestIdentity {
  caller?: Caller;
}

export function contextOf(res: Response): RequestContext {
  return res.locals as RequestContext;
}

/** The authenticated caller; routes behind the auth middleware always have one. */
export function callerOf(res: Response): Caller {
  const caller = contextOf(res).caller;
  if (!caller) throw new Error('route reached without an authenticated caller');
  return caller;
}

export function elapsedMs(res: Response): number {
  return Math.round(Number(process.hrtime.bigint() - contextOf(res).startedAt) / 1e6);
}
