// One typed configuration, parsed once from the environment and overridable by CLI flags.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseLlmEndpoints, type LlmEndpointConfig } from '../adapters/chat-completions/endpoints-config.js';
import { tracingConfig, type TracingConfig } from '../adapters/observability/start-tracing.js';

export interface Config {
  port: number;
  host: string;
  /** Server processes sharing the port (TEXTCLASS_WORKERS; 1: this process alone, no cluster). */
  workers: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  apiKey: string | undefined;
  modelsDir: string;
  /** Encoder that similarity and the seeded demo models use (an id under <modelsDir>/encoders or built in); the built-in one when unset. */
  defaultEncoder: string | undefined;
  /** TEXTCLASS_PRELOAD_ENCODERS: encoders loaded at start besides the default and the deployed models' (others load on first use). */
  preloadEncoders: string[];
  /**
   * TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS: an encoder nothing needs (not the default, no deployed model's, not preloaded)
   * is released after this long unused and loads again on its next request; 0 keeps every loaded encoder.
   */
  encoderIdleUnloadSeconds: number;
  /**
   * TEXTCLASS_EMBEDDED_DB_TIER_UP: V8 may recompile PGlite's hot WebAssembly functions with TurboFan. Off by default:
   * the embedded database then runs on Liftoff's baseline code only, ~70 MiB less resident (bench/history/memory.md, "Memory").
   */
  embeddedDbTierUp: boolean;
  logLevel: string;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimitBytes: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  /** Seed the demo workspace content (models, dataset) on a fresh database. */
  seedDemo: boolean;
  /** Browser origins allowed by CORS (TEXTCLASS_CORS_ORIGINS, comma-separated); empty: CORS off. */
  corsOrigins: string[];
  /** Memory bound of the embedding cache in MiB (0 = off). */
  embeddingCacheMb: number;
  /** Dynamic batching: texts and padded tokens per batch, wait for more work (ms), texts waiting before 503. */
  batchMaxTexts: number;
  batchMaxTokens: number;
  batchWaitMs: number;
  queueMaxTexts: number;
  /** Serve GET /metrics (Prometheus). */
  metrics: boolean;
  /** Largest file upload in bytes after gzip decoding (TEXTCLASS_UPLOAD_MAX_BYTES; 413 above it). */
  uploadMaxBytes: number;
  /** A request body that brings no byte for this long is closed with 408 (TEXTCLASS_BODY_IDLE_TIMEOUT_MS; 0: never). */
  bodyIdleTimeoutMs: number;
  /** A request other than a file upload must arrive whole within this long (TEXTCLASS_REQUEST_TIMEOUT_MS; 0: no limit). */
  requestTimeoutMs: number;
  /** Run the classification worker and webhook dispatcher in this process (TEXTCLASS_PIPELINE_WORKERS). */
  pipelineWorkers: boolean;
  /** Longest sleep of an idle worker poll loop in ms (TEXTCLASS_PIPELINE_POLL_MS). */
  pipelinePollMs: number;
  /** Rows waiting for classification above which row writes get 503 + Retry-After (TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS; 0: no bound). */
  pipelineMaxBacklogRows: number;
  /** Allow webhook URLs that resolve to private, loopback or link-local addresses (TEXTCLASS_WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** Delays of the webhook retries in ms (TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS, comma-separated); unset: RETRY_SCHEDULE_MS (core/webhooks/webhook-dispatcher.ts). */
  webhookRetryScheduleMs: number[] | undefined;
  /** How long a webhook POST may take before it counts as failed, in ms (TEXTCLASS_WEBHOOK_TIMEOUT_MS); a delivery's lease is three times this. */
  webhookTimeoutMs: number;
  /** How long a claimed classification job stays with its process before another may take it, in ms (TEXTCLASS_JOB_LEASE_MS). */
  jobLeaseMs: number;
  /** OpenAI-compatible chat-completions endpoints for llm models, by name (TEXTCLASS_LLM_ENDPOINTS, or TEXTCLASS_LLM_URL for "default"). */
  llmEndpoints: ReadonlyMap<string, LlmEndpointConfig>;
  /** Strict-Transport-Security (TEXTCLASS_HSTS_MAX_AGE > 0, TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS); undefined: not sent. */
  hsts: HstsConfig | undefined;
  /** OpenTelemetry traces over OTLP/HTTP, on when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set; undefined: off. */
  tracing: TracingConfig | undefined;
}

export interface HstsConfig {
  maxAgeSeconds: number;
  includeSubDomains: boolean;
}

export type ConfigOverrides = Partial<Config>;

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Decimal digits only: Number() would take "0x50" as 80, " 80 ", "8e1" and "80.0" too. */
function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new Error(`PORT (--port) must be a decimal whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseNumber(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of at least ${min}, got "${raw}"`);
  return value;
}

function parseBool(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** TEXTCLASS_WORKERS: a whole number of processes from 1, or "auto" (one per core). */
function parseWorkers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (raw.trim().toLowerCase() === 'auto') return availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 256)
    throw new Error(`TEXTCLASS_WORKERS (--workers) must be a whole number from 1 to 256 or auto, got "${raw}"`);
  return value;
}

/** "5000, 300000" → [5000, 300000]; unset or empty → undefined (the default schedule). */
function parseSchedule(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((part) => parseNumber('TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS', part.trim(), 0, 0));
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
  const origins = (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
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

/** HSTS is off unless TEXTCLASS_HSTS_MAX_AGE is a positive number of seconds; subdomains only when asked. */
function parseHsts(env: NodeJS.ProcessEnv): HstsConfig | undefined {
  const maxAgeSeconds = Math.floor(parseNumber('TEXTCLASS_HSTS_MAX_AGE', env.TEXTCLASS_HSTS_MAX_AGE, 0, 0));
  const includeSubDomains = parseBool(env.TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS, false);
  return maxAgeSeconds === 0 ? undefined : { maxAgeSeconds, includeSubDomains };
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
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    throw new Error('REDIS_URL must start with redis:// or rediss://');
  return {
    port: overrides.port ?? parsePort(env.PORT, 8080),
    host: overrides.host ?? env.HOST ?? '0.0.0.0',
    workers: overrides.workers ?? parseWorkers(env.TEXTCLASS_WORKERS),
    dataDir,
    databaseUrl,
    redisUrl,
    apiKey: overrides.apiKey ?? (env.TEXTCLASS_API_KEY || undefined),
    modelsDir: path.resolve(overrides.modelsDir ?? env.TEXTCLASS_MODELS_DIR ?? path.join(dataDir, 'models')),
    defaultEncoder: overrides.defaultEncoder ?? (env.TEXTCLASS_DEFAULT_ENCODER || undefined),
    preloadEncoders: overrides.preloadEncoders ?? parseIdList(env.TEXTCLASS_PRELOAD_ENCODERS),
    encoderIdleUnloadSeconds:
      overrides.encoderIdleUnloadSeconds ??
      parseNumber('TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS', env.TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS, 600, 0),
    embeddedDbTierUp: overrides.embeddedDbTierUp ?? parseBool(env.TEXTCLASS_EMBEDDED_DB_TIER_UP, false),
    logLevel,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 1024 * 1024,
    validateResponses: overrides.validateResponses ?? parseBool(env.TEXTCLASS_VALIDATE_RESPONSES, false),
    seedDemo: overrides.seedDemo ?? parseBool(env.TEXTCLASS_SEED_DEMO, true),
    corsOrigins: overrides.corsOrigins ?? parseOrigins(env.TEXTCLASS_CORS_ORIGINS),
    embeddingCacheMb:
      overrides.embeddingCacheMb ??
      parseNumber('TEXTCLASS_EMBEDDING_CACHE_MB', env.TEXTCLASS_EMBEDDING_CACHE_MB, 24, 0),
    batchMaxTexts:
      overrides.batchMaxTexts ??
      Math.floor(parseNumber('TEXTCLASS_BATCH_MAX_TEXTS', env.TEXTCLASS_BATCH_MAX_TEXTS, 64, 1)),
    batchMaxTokens:
      overrides.batchMaxTokens ??
      Math.floor(parseNumber('TEXTCLASS_BATCH_MAX_TOKENS', env.TEXTCLASS_BATCH_MAX_TOKENS, 4_096, 1)),
    batchWaitMs: overrides.batchWaitMs ?? parseNumber('TEXTCLASS_BATCH_WAIT_MS', env.TEXTCLASS_BATCH_WAIT_MS, 0, 0),
    queueMaxTexts:
      overrides.queueMaxTexts ??
      Math.floor(parseNumber('TEXTCLASS_QUEUE_MAX_TEXTS', env.TEXTCLASS_QUEUE_MAX_TEXTS, 2_048, 1)),
    metrics: overrides.metrics ?? parseBool(env.TEXTCLASS_METRICS, true),
    uploadMaxBytes:
      overrides.uploadMaxBytes ??
      Math.floor(parseNumber('TEXTCLASS_UPLOAD_MAX_BYTES', env.TEXTCLASS_UPLOAD_MAX_BYTES, 1024 ** 3, 1)),
    bodyIdleTimeoutMs:
      overrides.bodyIdleTimeoutMs ??
      Math.floor(parseNumber('TEXTCLASS_BODY_IDLE_TIMEOUT_MS', env.TEXTCLASS_BODY_IDLE_TIMEOUT_MS, 60_000, 0)),
    requestTimeoutMs:
      overrides.requestTimeoutMs ??
      Math.floor(parseNumber('TEXTCLASS_REQUEST_TIMEOUT_MS', env.TEXTCLASS_REQUEST_TIMEOUT_MS, 120_000, 0)),
    pipelineWorkers: overrides.pipelineWorkers ?? parseBool(env.TEXTCLASS_PIPELINE_WORKERS, true),
    pipelinePollMs:
      overrides.pipelinePollMs ?? parseNumber('TEXTCLASS_PIPELINE_POLL_MS', env.TEXTCLASS_PIPELINE_POLL_MS, 1_000, 10),
    pipelineMaxBacklogRows:
      overrides.pipelineMaxBacklogRows ??
      Math.floor(
        parseNumber('TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS', env.TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS, 1_000_000, 0),
      ),
    webhookAllowPrivate: overrides.webhookAllowPrivate ?? parseBool(env.TEXTCLASS_WEBHOOK_ALLOW_PRIVATE, false),
    webhookRetryScheduleMs: overrides.webhookRetryScheduleMs ?? parseSchedule(env.TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS),
    webhookTimeoutMs:
      overrides.webhookTimeoutMs ??
      parseNumber('TEXTCLASS_WEBHOOK_TIMEOUT_MS', env.TEXTCLASS_WEBHOOK_TIMEOUT_MS, 10_000, 1),
    jobLeaseMs:
      overrides.jobLeaseMs ?? parseNumber('TEXTCLASS_JOB_LEASE_MS', env.TEXTCLASS_JOB_LEASE_MS, 120_000, 1_000),
    llmEndpoints: overrides.llmEndpoints ?? parseLlmEndpoints(env),
    hsts: overrides.hsts ?? parseHsts(env),
    tracing: 'tracing' in overrides ? overrides.tracing : tracingConfig(env),
  };
}

/** A connection URL with its password (and user name) masked, so host and database stay readable. */
function maskUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = 'redacted';
    if (url.username !== '') url.username = 'redacted';
    for (const name of [...url.searchParams.keys()])
      if (/pass|secret|token|key/i.test(name)) url.searchParams.set(name, 'redacted');
    return url.toString();
  } catch {
    return '[redacted]';
  }
}

/** The configuration with secrets masked, for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const mask = (value: string | undefined) => (value === undefined ? undefined : '[redacted]');
  return {
    ...config,
    apiKey: mask(config.apiKey),
    databaseUrl: maskUrl(config.databaseUrl),
    redisUrl: maskUrl(config.redisUrl),
    tracing: config.tracing && { ...config.tracing, endpoint: maskUrl(config.tracing.endpoint) },
  };
}
