// How a setting's text becomes its value: the parsers the settings table (settings.ts) names, each refusing bad text
// with an error that names the variable and its flag.
import { availableParallelism } from 'node:os';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The text as it is. */
export const asText = (raw: string): string => raw;

/** Decimal digits only: Number() would take "0x50" as 80, " 80 ", "8e1" and "80.0" too. */
export function parsePort(raw: string): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new Error(`PORT (--port) must be a decimal whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** A number of at least `min` (a whole number when `whole`). */
export function numberFrom(name: string, min: number, { whole = false } = {}): (raw: string) => number {
  return (raw) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min)
      throw new Error(`${name} must be a number of at least ${min}, got "${raw}"`);
    return whole ? Math.floor(value) : value;
  };
}

/** 1, true, yes, on (any case): true; any other text: false. */
export function parseBool(raw: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** TEXTCLASS_WORKERS: a whole number of processes from 1, or "auto" (one per core). */
export function parseWorkers(raw: string): number {
  if (raw.trim().toLowerCase() === 'auto') return availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 256)
    throw new Error(`TEXTCLASS_WORKERS (--workers) must be a whole number from 1 to 256 or auto, got "${raw}"`);
  return value;
}

/** "5000, 300000" → [5000, 300000]; a blank list → undefined (the default schedule). */
export function parseSchedule(raw: string): number[] | undefined {
  if (raw.trim() === '') return undefined;
  const delay = numberFrom('TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS', 0);
  return raw.split(',').map((part) => (part.trim() === '' ? 0 : delay(part.trim())));
}

/** "a, b" → ["a", "b"]; empty parts dropped. */
export function parseIdList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** "https://app.example.com, http://localhost:3000" → exact origins (scheme, host, port) or "*". */
export function parseOrigins(raw: string | undefined): string[] {
  const origins = parseIdList(raw);
  for (const origin of origins) {
    let valid = origin === '*';
    try {
      valid ||= new URL(origin).origin === origin;
    } catch {
      /* not a URL: invalid */
    }
    if (!valid)
      throw new Error(
        `TEXTCLASS_CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com (no path, no trailing slash) or *`,
      );
  }
  return origins;
}

export function parseLogLevel(raw: string): string {
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return raw;
}

/** A connection URL whose scheme is one of `schemes` (`postgres`, `postgresql`). */
export function urlWithScheme(name: string, schemes: string[]): (raw: string) => string {
  const pattern = new RegExp(`^(${schemes.join('|')})://`);
  return (raw) => {
    if (!pattern.test(raw)) throw new Error(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
    return raw;
  };
}

/** "2.5" → 2500 (ms): a positive number of seconds. */
export function secondsAsMs(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new Error(`expected a number of seconds above 0, got "${raw}"`);
  return Math.round(value * 1000);
}

/** A whole number from 0 to 100 (retries). */
export function retryCount(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 100) throw new Error(`expected a whole number from 0 to 100, got "${raw}"`);
  return value;
}
