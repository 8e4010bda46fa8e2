// Starts a worker thread on a module beside its caller: the compiled .js in built code, the .ts source under tsx otherwise.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The URL of tsx's ESM register API, found through its package's exports map from this file's location. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
  ).exports;
  const target = exports['./esm/api']?.import.default;
  if (!target) throw new Error(`tsx at ${manifest} has no ./esm/api export`);
  return pathToFileURL(join(dirname(manifest), target)).href;
}

/**
 * A worker running `entryName` (without extension) from the caller's folder. Built code runs the compiled .js. From
 * sources (tests, tsx scripts) a worker does not inherit tsx's loader, so a two-line bootstrap registers tsx first,
 * then imports the .ts. resourceLimits bound the worker's V8 heap (Node's defaults when undefined).
 */
export function spawnSiblingWorker(
  callerUrl: string,
  entryName: string,
  workerData: unknown,
  resourceLimits?: ResourceLimits,
): Worker {
  const caller = fileURLToPath(callerUrl);
  const fromSources = caller.endsWith('.ts');
  const entry = join(dirname(caller), `${entryName}${fromSources ? '.ts' : '.js'}`);
  if (!fromSources) return new Worker(entry, { workerData, resourceLimits });
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}
