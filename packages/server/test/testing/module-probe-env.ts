// A child process under the module probe (module-probe.mjs): the environment that loads it, and what its log names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROBE = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'module-probe.mjs'));

/** The variables that make a Node child write every module it loaded to `log` at exit. */
export function moduleProbeEnv(log: string): NodeJS.ProcessEnv {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE.href}`.trim(),
    TEXTCLASS_MODULE_LOG: log,
  };
}

/** Every module the probe's log names. */
export const probedModules = (log: string): string[] => readFileSync(log, 'utf8').split('\n');

/** The npm packages (scoped ones with their scope) among `modules`. */
export const loadedPackages = (modules: string[]): Set<string> =>
  new Set(modules.flatMap((m) => /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []));
