// Bearer authentication (before the body is read), the workspace rate limit, and role checks.
import type { RequestHandler } from 'express';
import { DomainError } from '../../../core/shared/domain-errors.js';
import { roleAllows, type Permission } from '../../../core/tenancy/permissions.js';
import { requestsPerMinute } from '../../../core/tenancy/plans.js';
import type { Authenticator } from '../../../core/tenancy/authentication.js';
import type { RateLimiter } from '../../../core/ports/rate-limits.js';
import { callerOf, contextOf, type Caller } from '../shared/context.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { headerTarget, type HeaderTarget } from '../shared/lane-headers.js';

export interface AuthOptions {
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Failed authentications allowed per client address and minute. */
  authFailuresPerMinute: number;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** What the authentication reads of a request: its Authorization header and client address (Express's req.ip). */
export interface AuthRequest {
  get(name: 'authorization'): string | undefined;
  ip?: string | undefined;
}

/**
 * Bearer authentication, the auth-failure limiter and the workspace rate limit as one plain function: the caller goes
 * into `context` once the key is known (so a rate-limited request's log line names it), the key's use is recorded on
 * success, a DomainError is thrown otherwise; the X-RateLimit-* headers go to `headers` either way. The Express
 * middleware and the fast lane both call it.
 */
export async function authenticateRequest(
  options: AuthOptions,
  req: AuthRequest,
  headers: HeaderTarget,
  context: { caller?: Caller },
): Promise<void> {
  const { authenticator, limiter } = options;
  const token = bearerToken(req.get('authorization'));
  const found = token === undefined ? undefined : await authenticator.caller(token);
  if (!found) {
    const decision = await limiter.consume(`auth-failures:${req.ip ?? 'unknown'}`, options.authFailuresPerMinute);
    setRateLimitHeaders(headers, decision);
    if (!decision.allowed) {
      throw new DomainError('RATE_LIMITED', 'too many failed authentication attempts from this address', {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    throw new DomainError(
      'UNAUTHORIZED',
      token === undefined
        ? 'Authorization: send your API key as "Authorization: Bearer <API_KEY>"'
        : 'Authorization: the API key is invalid or revoked',
    );
  }
  const { key, workspace } = found;
  context.caller = { workspace, key };
  const decision = await limiter.consume(`workspace:${workspace.id}`, requestsPerMinute(workspace));
  setRateLimitHeaders(headers, decision);
  if (!decision.allowed) {
    throw new DomainError(
      'RATE_LIMITED',
      `rate limit of ${decision.limit} requests per minute exceeded; retry after ${decision.retryAfterSeconds} s`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
  }
  authenticator.recordUse(key);
}

export function authenticate(options: AuthOptions): RequestHandler {
  return async (req, res, next) => {
    await authenticateRequest(options, req, headerTarget(res), contextOf(res));
    next();
  };
}

export function requirePermission(permission: Permission): RequestHandler {
  return (_req, res, next) => {
    const { key } = callerOf(res);
    if (!roleAllows(key.role, permission)) {
      throw new DomainError('FORBIDDEN', `this API key has role "${key.role}", which may not perform this operation`);
    }
    next();
  };
}
