// One typed configuration, parsed once from the environment and overridable by CLI flags.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  apiKey: string | undefined;
  modelsDir: string;
  logLevel: string;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimitBytes: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  /** Seed the demo workspace content (models, dataset) on a fresh database. */
  seedDemo: boolean;
  /** Browser origins allowed by CORS (TEXTCLASS_CORS_ORIGINS, comma-separated); empty: CORS off. */
  corsOrigins: string[];
}

export type ConfigOverrides = Partial<Config>;

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseBool(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** "https://app.example.com, http://localhost:3000" → exact origins (scheme, host, port) or "*". */
export function parseOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of origins) {
    let valid = origin === '*';
    try { valid ||= new URL(origin).origin === origin; } catch { /* not a URL: invalid */ }
    if (!valid) throw new Error(`TEXTCLASS_CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com (no path, no trailing slash) or *`);
  }
  return origins;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.TEXTCLASS_DATA_DIR ?? './data');
  const logLevel = overrides.logLevel ?? env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.has(logLevel)) throw new Error(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}`);
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = overrides.redisUrl ?? (env.REDIS_URL || undefined);
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return {
    port: overrides.port ?? parsePort(env.PORT, 8080),
    host: overrides.host ?? env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl,
    apiKey: overrides.apiKey ?? (env.TEXTCLASS_API_KEY || undefined),
    modelsDir: path.resolve(overrides.modelsDir ?? env.TEXTCLASS_MODELS_DIR ?? path.join(dataDir, 'models')),
    logLevel,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 1024 * 1024,
    validateResponses: overrides.validateResponses ?? parseBool(env.TEXTCLASS_VALIDATE_RESPONSES, false),
    seedDemo: overrides.seedDemo ?? parseBool(env.TEXTCLASS_SEED_DEMO, true),
    corsOrigins: overrides.corsOrigins ?? parseOrigins(env.TEXTCLASS_CORS_ORIGINS),
  };
}

/** A connection URL with its password (and user name) masked, so host and database stay readable. */
function maskUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = 'redacted';
    if (url.username !== '') url.username = 'redacted';
    for (const name of [...url.searchParams.keys()]) if (/pass|secret|token|key/i.test(name)) url.searchParams.set(name, 'redacted');
    return url.toString();
  } catch {
    return '[redacted]';
  }
}

/** The configuration with secrets masked, for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const mask = (value: string | undefined) => (value === undefined ? undefined : '[redacted]');
  return { ...config, apiKey: mask(config.apiKey), databaseUrl: maskUrl(config.databaseUrl), redisUrl: maskUrl(config.redisUrl) };
}
