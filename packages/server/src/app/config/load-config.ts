// One typed configuration, parsed once from the environment (each variable through its row of settings.ts) and
// overridable by CLI flags.
import path from 'node:path';
import { parseLlmEndpoints, type LlmEndpointConfig } from '../../adapters/chat-completions/endpoints-config.js';
import { tracingConfig, type TracingConfig } from '../../adapters/observability/start-tracing.js';
import { readSetting } from './setting.js';
import { SERVER } from './settings.js';

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
  /** TEXTCLASS_EMBEDDED_DB_THREAD: PGlite runs on a worker thread of its own (adapters/storage/pglite-thread.ts). */
  embeddedDbThread: boolean;
  logLevel: string;
  /** Largest accepted request body in bytes (413 above it). */
  bodyLimitBytes: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  /** Seed the demo workspace content (models, dataset) on a fresh database. */
  seedDemo: boolean;
  /** Requests with a missing or invalid key (401) allowed per client address and minute (TEXTCLASS_AUTH_FAILURES_PER_MINUTE). */
  authFailuresPerMinute: number;
  /** Browser origins allowed by CORS (TEXTCLASS_CORS_ORIGINS, comma-separated); empty: CORS off. */
  corsOrigins: string[];
  /** Memory bound of the embedding cache in MiB (0 = off). */
  embeddingCacheMb: number;
  /** Dynamic batching: texts and padded tokens per batch, wait for more work (ms), texts waiting before 503. */
  batchMaxTexts: number;
  batchMaxTokens: number;
  batchWaitMs: number;
  batchesInFlight: number;
  /** TEXTCLASS_ENCODER_WORKERS: worker threads, each with a session, that run a transformer encoder's batches side by side. */
  encoderWorkers: number;
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
  /** Connectors: the credential key's text (TEXTCLASS_CONNECTOR_KEY, a secret), private base URLs allowed, the lease and the classification wait in ms. */
  connectorKey: string | undefined;
  connectorAllowPrivate: boolean;
  connectorLeaseMs: number;
  connectorClassificationWaitMs: number;
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

/** The largest JSON request body in bytes (413 above it); no setting changes it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? readSetting(SERVER.dataDir, env));
  const hsts = {
    maxAgeSeconds: readSetting(SERVER.hstsMaxAge, env),
    includeSubDomains: readSetting(SERVER.hstsIncludeSubdomains, env),
  };
  return {
    port: overrides.port ?? readSetting(SERVER.port, env),
    host: overrides.host ?? readSetting(SERVER.host, env),
    workers: overrides.workers ?? readSetting(SERVER.workers, env),
    dataDir,
    databaseUrl: overrides.databaseUrl ?? readSetting(SERVER.databaseUrl, env),
    redisUrl: overrides.redisUrl ?? readSetting(SERVER.redisUrl, env),
    apiKey: overrides.apiKey ?? readSetting(SERVER.apiKey, env),
    modelsDir: path.resolve(overrides.modelsDir ?? readSetting(SERVER.modelsDir, env) ?? path.join(dataDir, 'models')),
    defaultEncoder: overrides.defaultEncoder ?? readSetting(SERVER.defaultEncoder, env),
    preloadEncoders: overrides.preloadEncoders ?? readSetting(SERVER.preloadEncoders, env) ?? [],
    encoderIdleUnloadSeconds: overrides.encoderIdleUnloadSeconds ?? readSetting(SERVER.encoderIdleUnloadSeconds, env),
    embeddedDbTierUp: overrides.embeddedDbTierUp ?? readSetting(SERVER.embeddedDbTierUp, env),
    embeddedDbThread: overrides.embeddedDbThread ?? readSetting(SERVER.embeddedDbThread, env),
    logLevel: overrides.logLevel ?? readSetting(SERVER.logLevel, env),
    bodyLimitBytes: overrides.bodyLimitBytes ?? BODY_LIMIT_BYTES,
    validateResponses: overrides.validateResponses ?? readSetting(SERVER.validateResponses, env),
    seedDemo: overrides.seedDemo ?? readSetting(SERVER.seedDemo, env),
    authFailuresPerMinute: overrides.authFailuresPerMinute ?? readSetting(SERVER.authFailuresPerMinute, env),
    corsOrigins: overrides.corsOrigins ?? readSetting(SERVER.corsOrigins, env) ?? [],
    embeddingCacheMb: overrides.embeddingCacheMb ?? readSetting(SERVER.embeddingCacheMb, env),
    batchMaxTexts: overrides.batchMaxTexts ?? readSetting(SERVER.batchMaxTexts, env),
    batchMaxTokens: overrides.batchMaxTokens ?? readSetting(SERVER.batchMaxTokens, env),
    batchWaitMs: overrides.batchWaitMs ?? readSetting(SERVER.batchWaitMs, env),
    batchesInFlight: overrides.batchesInFlight ?? readSetting(SERVER.batchesInFlight, env),
    encoderWorkers: overrides.encoderWorkers ?? readSetting(SERVER.encoderWorkers, env),
    queueMaxTexts: overrides.queueMaxTexts ?? readSetting(SERVER.queueMaxTexts, env),
    metrics: overrides.metrics ?? readSetting(SERVER.metrics, env),
    uploadMaxBytes: overrides.uploadMaxBytes ?? readSetting(SERVER.uploadMaxBytes, env),
    bodyIdleTimeoutMs: overrides.bodyIdleTimeoutMs ?? readSetting(SERVER.bodyIdleTimeoutMs, env),
    requestTimeoutMs: overrides.requestTimeoutMs ?? readSetting(SERVER.requestTimeoutMs, env),
    pipelineWorkers: overrides.pipelineWorkers ?? readSetting(SERVER.pipelineWorkers, env),
    pipelinePollMs: overrides.pipelinePollMs ?? readSetting(SERVER.pipelinePollMs, env),
    pipelineMaxBacklogRows: overrides.pipelineMaxBacklogRows ?? readSetting(SERVER.pipelineMaxBacklogRows, env),
    webhookAllowPrivate: overrides.webhookAllowPrivate ?? readSetting(SERVER.webhookAllowPrivate, env),
    webhookRetryScheduleMs: overrides.webhookRetryScheduleMs ?? readSetting(SERVER.webhookRetryScheduleMs, env),
    webhookTimeoutMs: overrides.webhookTimeoutMs ?? readSetting(SERVER.webhookTimeoutMs, env),
    jobLeaseMs: overrides.jobLeaseMs ?? readSetting(SERVER.jobLeaseMs, env),
    connectorKey: overrides.connectorKey ?? readSetting(SERVER.connectorKey, env),
    connectorAllowPrivate: overrides.connectorAllowPrivate ?? readSetting(SERVER.connectorAllowPrivate, env),
    connectorLeaseMs: overrides.connectorLeaseMs ?? readSetting(SERVER.connectorLeaseMs, env),
    connectorClassificationWaitMs:
      overrides.connectorClassificationWaitMs ?? readSetting(SERVER.connectorClassificationWaitMs, env),
    // The endpoints' and the tracer's own rows (TEXTCLASS_LLM_*, OTEL_*) are read by their adapters' parsers.
    llmEndpoints: overrides.llmEndpoints ?? parseLlmEndpoints(env),
    // HSTS is off unless TEXTCLASS_HSTS_MAX_AGE is a positive number of seconds; subdomains only when asked.
    hsts: overrides.hsts ?? (hsts.maxAgeSeconds === 0 ? undefined : hsts),
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

/** The configuration with the secret settings masked (each row's `secret` says how), for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const masked = new Map<string, unknown>(Object.entries(config));
  for (const [field, setting] of Object.entries(SERVER) as Array<[string, { secret?: 'value' | 'url' }]>) {
    if (setting.secret === undefined || !masked.has(field)) continue;
    const value = masked.get(field) as string | undefined;
    masked.set(field, setting.secret === 'url' ? maskUrl(value) : value === undefined ? undefined : '[redacted]');
  }
  // The tracing endpoint comes from the OTEL_EXPORTER_OTLP_* rows, both secret URLs.
  masked.set('tracing', config.tracing && { ...config.tracing, endpoint: maskUrl(config.tracing.endpoint) });
  return Object.fromEntries(masked);
}
