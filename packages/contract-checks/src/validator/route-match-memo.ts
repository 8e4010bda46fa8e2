// Remembers which contract route a method + URL path matched, so express-openapi-validator's lookup (a walk over every contract path) runs once per path.
import type { RequestHandler } from 'express';
import { LruMap } from '../shared/lru-map.js';

/** What the validator's metadata step puts on a request whose route it found. */
interface OpenApiMetadata {
  pathParams: Record<string, string>;
  [field: string]: unknown;
}

type ValidatedRequest = Parameters<RequestHandler>[0] & { openapi?: OpenApiMetadata };

/** Distinct method + path pairs remembered (ids make paths many; the least recently used goes first). */
const MAX_PATHS = 4096;

/**
 * Wraps the validator's metadata middleware (route lookup → `req.openapi`, `req.params`), which is a pure function of
 * the method and the URL path. The first request of a pair runs it; when it passes the request on, what it set is
 * remembered (a copy) and later requests of the pair get a fresh copy without the lookup. A pair it refuses (unknown
 * path, method not allowed, malformed escape) is not remembered: it runs the lookup, and throws, every time.
 */
export function rememberRouteMatches(metadata: RequestHandler, maxPaths = MAX_PATHS): RequestHandler {
  const matches = new LruMap<string, OpenApiMetadata | null>(maxPaths);
  return (req: ValidatedRequest, res, next) => {
    const url = req.originalUrl;
    const query = url.indexOf('?');
    const key = `${req.method} ${req.baseUrl} ${req.path} ${query < 0 ? url : url.slice(0, query)}`;
    const known = matches.get(key);
    if (known !== undefined) {
      if (known) {
        const pathParams = { ...known.pathParams };
        req.openapi = { ...known, pathParams };
        req.params = pathParams;
      }
      next();
      return;
    }
    const before = req.openapi;
    void metadata(req, res, (error?: unknown) => {
      if (error === undefined) {
        const found = req.openapi === before ? null : (req.openapi as OpenApiMetadata);
        matches.set(key, found && { ...found, pathParams: { ...found.pathParams } });
      }
      next(error);
    });
  };
}

interface ValidatorWithMetadata {
  metadataMiddleware?: (this: unknown, ...args: unknown[]) => RequestHandler;
}

/**
 * Installs the memo on the validator instance express-openapi-validator exposes as `middleware._oav` (it builds its
 * metadata middleware from that method on the first request). Returns false when the instance is not there (another
 * major version): the lookup then simply runs per request.
 */
export function rememberValidatorRouteMatches(validator: unknown): boolean {
  const instance = validator as ValidatorWithMetadata | undefined;
  const build = instance?.metadataMiddleware;
  if (!instance || typeof build !== 'function') return false;
  instance.metadataMiddleware = (...args: unknown[]) => rememberRouteMatches(build.apply(instance, args));
  return true;
}
