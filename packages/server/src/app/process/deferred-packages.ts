// Packages loaded on first use rather than at start although every configuration can reach them: resolved (not loaded)
// at start, so a broken install stops the start instead of failing some later request.
import { createRequire } from 'node:module';
import { CSV_PARSER_PACKAGE } from '../../adapters/upload-files/read-rows.js';

/** The CSV parser (uploads and labelled examples). Those a configuration asks for (pg, ioredis) load at start instead. */
export const DEFERRED_PACKAGES: readonly string[] = [CSV_PARSER_PACKAGE];

/** Throws naming every package of `names` that does not resolve from this package. */
export function checkDeferredPackages(names: readonly string[] = DEFERRED_PACKAGES): void {
  const require = createRequire(import.meta.url);
  const missing = names.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0)
    throw new Error(`packages this server needs are not installed: ${missing.join(', ')} (reinstall textclass)`);
}
