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
  /** Encoder that similarity and the seeded demo models use (an id under <modelsDir>/encoders or built in); the built-in one when unset. */
  defaultEncoder: string | undefined;
  logLevel: string;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimitBytes: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  /** Seed the demo workspace content (models, dataset) on a fresh database. */
  seedDemo: boolean;
  /** Memory bound of the embedding cache in MiB (0 = off). */
  embeddingCacheMb: number;
  /** Dynamic batching: texts and padded tokens per batch, wait for more work (ms), texts waiting before 503. */
  batchMaxTexts: number;
  batchMaxTokens: number;
  batchWaitMs: number;
  queueMaxTexts: number;
  /** Serve GET /metrics (Prometheus). */
  metrics: boolean;
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

function parseNumber(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}, got "${raw}"`);
  return value;
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
  return {
    port: overrides.port ?? parsePort(env.PORT, 8080),
    host: overrides.host ?? env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: overrides.redisUrl ?? (env.REDIS_URL || undefined),
    apiKey: overrides.apiKey ?? (env.TEXTCLASS_API_KEY || undefined),
    modelsDir: path.resolve(overrides.modelsDir ?? env.TEXTCLASS_MODELS_DIR ?? path.join(dataDir, 'models')),
    defaultEncoder: overrides.defaultEncoder ?? (env.TEXTCLASS_DEFAULT_ENCODER || undefined),
    logLevel,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 1024 * 1024,
    validateResponses: overrides.validateResponses ?? parseBool(env.TEXTCLASS_VALIDATE_RESPONSES, false),
    seedDemo: overrides.seedDemo ?? parseBool(env.TEXTCLASS_SEED_DEMO, true),
    embeddingCacheMb: overrides.embeddingCacheMb ?? parseNumber('TEXTCLASS_EMBEDDING_CACHE_MB', env.TEXTCLASS_EMBEDDING_CACHE_MB, 64, 0),
    batchMaxTexts: overrides.batchMaxTexts ?? Math.floor(parseNumber('TEXTCLASS_BATCH_MAX_TEXTS', env.TEXTCLASS_BATCH_MAX_TEXTS, 64, 1)),
    batchMaxTokens: overrides.batchMaxTokens ?? Math.floor(parseNumber('TEXTCLASS_BATCH_MAX_TOKENS', env.TEXTCLASS_BATCH_MAX_TOKENS, 16_384, 1)),
    batchWaitMs: overrides.batchWaitMs ?? parseNumber('TEXTCLASS_BATCH_WAIT_MS', env.TEXTCLASS_BATCH_WAIT_MS, 2, 0),
    queueMaxTexts: overrides.queueMaxTexts ?? Math.floor(parseNumber('TEXTCLASS_QUEUE_MAX_TEXTS', env.TEXTCLASS_QUEUE_MAX_TEXTS, 2_048, 1)),
    metrics: overrides.metrics ?? parseBool(env.TEXTCLASS_METRICS, true),
  };
}

/** The configuration with secrets masked, for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const mask = (value: string | undefined) => (value === undefined ? undefined : '[redacted]');
  return { ...config, apiKey: mask(config.apiKey), databaseUrl: mask(config.databaseUrl), redisUrl: mask(config.redisUrl) };
}
