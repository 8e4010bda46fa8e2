// Compiles each contract path to its RegExp once: express-openapi-validator otherwise recompiles every route per request.
import { createRequire } from 'node:module';

interface PathToRegexpModule {
  pathToRegexp: (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: unknown[] };
}

/** The contract has ~60 paths; the bound only guards against a caller compiling unbounded distinct paths. */
const MAX_ENTRIES = 1024;
let installed = false;

/**
 * express-openapi-validator 5.x calls `pathToRegexp(route, { sensitive, strict })` for every contract route on every
 * request (its route lookup), which is pure: the same arguments give an equivalent non-global RegExp (exec keeps no
 * state). This memoises that function on the copy of path-to-regexp the validator itself resolves; every check stays.
 */
export function cacheValidatorRouteRegexps(): void {
  if (installed) return;
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = fromValidator('path-to-regexp') as PathToRegexpModule;
  const compile = module.pathToRegexp;
  const cache = new Map<string, ReturnType<PathToRegexpModule['pathToRegexp']>>();
  module.pathToRegexp = (path, options) => {
    const plain = Object.keys(options ?? {}).every((name) => name === 'sensitive' || name === 'strict');
    if (typeof path !== 'string' || !plain) return compile(path, options);
    const key = `${options?.sensitive === true ? 'S' : '-'}${options?.strict === true ? 'S' : '-'}${path}`;
    const known = cache.get(key);
    if (known) return known;
    const compiled = compile(path, options);
    if (cache.size < MAX_ENTRIES) cache.set(key, compiled);
    return compiled;
  };
  installed = true;
}
