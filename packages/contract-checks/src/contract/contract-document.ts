// The one module that loads the contract: the bundled file the validator reads, its path templates, its dereferenced paths.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const resolveFromHere = createRequire(import.meta.url).resolve;

/** The bundled contract (openapi.json): express-openapi-validator loads it from this path. */
export const CONTRACT_FILE = resolveFromHere('@textclass/openapi/openapi.json');

/** A path item of the dereferenced contract: its parameters and operations, every $ref resolved. */
export type ContractPathItem = { parameters?: unknown[] } & Record<string, unknown>;

let templates: readonly string[] | undefined;

/** The contract's path templates (/v2/models/{model_id}), read once per process; only the names are kept. */
export function contractPathTemplates(): readonly string[] {
  templates ??= Object.freeze(
    Object.keys((JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as { paths: object }).paths),
  );
  return templates;
}

/**
 * The dereferenced contract's paths, read for the caller and not kept: ~3 MB of JSON that the caller compiles what
 * it needs from (strict path ids) and lets go of (require's cache would keep it for the process's life).
 */
export function dereferencedContractPaths(): Record<string, ContractPathItem> {
  const file = resolveFromHere('@textclass/openapi/openapi.dereferenced.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, ContractPathItem> }).paths;
}
