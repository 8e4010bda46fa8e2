// Compiles each contract path to its RegExp once: express-openapi-validator otherwise recompiles every route per request.
import type { PathToRegexpModule } from './validator-internals.js';

type Compiled = Map<string, ReturnType<PathToRegexpModule['pathToRegexp']>>;

/** The contract has ~60 paths; the bound only guards against a caller compiling unbounded distinct paths. */
const MAX_ENTRIES = 1024;
let installed = false;

/** Options made only of `sensitive` and `strict` (the validator's call), checked without allocating. */
function onlyCaseAndSlash(options: Record<string, unknown> | undefined): boolean {
  for (const name in options) if (name !== 'sensitive' && name !== 'strict') return false;
  return true;
}

/**
 * express-openapi-validator 5.x calls `pathToRegexp(route, { sensitive, strict })` for every contract route on every
 * request (its route lookup), which is pure: the same arguments give an equivalent non-global RegExp (exec keeps no
 * state). This memoises that function on the copy of path-to-regexp the validator itself resolves (handed over by
 * validator-internals.ts, which checked it); every check stays.
 */
export function cacheValidatorRouteRegexps(module: PathToRegexpModule): void {
  if (installed) return;
  const compile = module.pathToRegexp;
  // One map per (sensitive, strict) pair, so a call builds no key string: the validator asks ~60 times per request.
  const caches: Compiled[] = [new Map(), new Map(), new Map(), new Map()];
  module.pathToRegexp = (path, options) => {
    if (typeof path !== 'string' || !onlyCaseAndSlash(options)) return compile(path, options);
    const cache = caches[(options?.sensitive === true ? 2 : 0) + (options?.strict === true ? 1 : 0)] as Compiled;
    const known = cache.get(path);
    if (known) return known;
    const compiled = compile(path, options);
    if (cache.size < MAX_ENTRIES) cache.set(path, compiled);
    return compiled;
  };
  installed = true;
}
