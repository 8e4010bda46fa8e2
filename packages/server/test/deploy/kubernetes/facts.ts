// What the manifests are checked against, read from the server itself: its settings and its HTTP contract.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadConfig, type Config } from '../../../src/app/config/load-config.js';
import { SERVER_SETTINGS } from '../../../src/app/config/settings.js';

/** Every environment variable of the server's settings table (app/config/settings.ts). */
export const configSettingNames = (): Set<string> => new Set(SERVER_SETTINGS.map((setting) => setting.env));

/** The server's configuration for exactly these variables (throws, naming the variable, on a value it refuses). */
export function configFrom(env: Record<string, string>): Config {
  return loadConfig({ ...env });
}

/** The GET paths of the HTTP contract (openapi/generated/openapi.json, via @textclass/openapi). */
export function contractGetPaths(): Set<string> {
  const file = createRequire(import.meta.url).resolve('@textclass/openapi/openapi.json');
  const contract = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return new Set(Object.entries(contract.paths).flatMap(([p, ops]) => (ops.get ? [p] : [])));
}

/** nginx's size syntax (client_max_body_size, ingress-nginx proxy-body-size): bytes, or k/m/g suffixed. */
export function nginxSizeBytes(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size.trim());
  if (!match) return Number.NaN;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()] ?? Number.NaN;
  return Number(match[1]) * unit;
}

/** A Kubernetes memory quantity ("1536Mi", "2Gi", "1G", "512000000") in bytes. */
export function quantityBytes(quantity: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity));
  if (!match) return Number.NaN;
  const units: Record<string, number> = {
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
  };
  return Number(match[1]) * (match[2] ? (units[match[2]] ?? Number.NaN) : 1);
}
