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
  };
}

/** The configuration with secrets masked, for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const mask = (value: string | undefined) => (value === undefined ? undefined : '[redacted]');
  return { ...config, apiKey: mask(config.apiKey), databaseUrl: mask(config.databaseUrl), redisUrl: mask(config.redisUrl) };
}
