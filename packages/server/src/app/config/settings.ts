// The server's settings table (client-settings.ts has the client commands'): each variable once, with its flag,
// default, parser, secrecy and meaning; config, --help, redaction, docs/reference/settings.md and the manifests' checks read it.
import { DEFAULT_LLM_TIMEOUT_MS } from '../../adapters/chat-completions/endpoints-config.js';
import { DEFAULT_ENCODER_ID } from '../../adapters/inference/registry/package-paths.js';
import {
  asText,
  parseBool,
  parseIdList,
  parseLogLevel,
  parseOrigins,
  parsePort,
  parseWorkers,
  urlWithScheme,
} from './parse-setting.js';
import type { Setting } from './setting.js';
import { AUTH_FAILURES_PER_MINUTE } from '../../core/tenancy/authentication.js';
import { BACKGROUND_WORK_SETTINGS } from './background-work-settings.js';

import { ms, whole } from './setting-numbers.js';

/** What `textclass serve` (and the database commands) read, keyed by the configuration field each one sets. */
export const SERVER = {
  port: { env: 'PORT', flag: '--port <port>', default: '8080', parse: parsePort, description: 'HTTP port' },
  host: { env: 'HOST', flag: '--host <host>', default: '0.0.0.0', parse: asText, description: 'bind address' },
  workers: {
    env: 'TEXTCLASS_WORKERS',
    flag: '--workers <n>',
    default: '1',
    parse: parseWorkers,
    description: 'server processes sharing the port (node:cluster), or auto (one per core); above 1 needs DATABASE_URL',
  },
  dataDir: {
    env: 'TEXTCLASS_DATA_DIR',
    flag: '--data-dir <dir>',
    default: './data',
    parse: asText,
    description: 'embedded database and artifacts',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    flag: '--database-url <url>',
    parse: urlWithScheme('DATABASE_URL', ['postgres', 'postgresql']),
    secret: 'url',
    description: 'postgres://… to use PostgreSQL instead of the embedded database',
  },
  embeddedDbTierUp: {
    env: 'TEXTCLASS_EMBEDDED_DB_TIER_UP',
    flag: '--embedded-db-tier-up <bool>',
    default: 'false',
    parse: parseBool,
    description:
      "embedded database: let V8 recompile PGlite's hot WebAssembly with its optimizing compiler (~70 MiB more resident; false: baseline code only)",
  },
  embeddedDbThread: {
    env: 'TEXTCLASS_EMBEDDED_DB_THREAD',
    flag: '--embedded-db-thread <bool>',
    default: 'false',
    parse: parseBool,
    description:
      'embedded database: run PGlite on a thread of its own, so requests no longer wait behind the pipeline statements (15–45 MiB more resident at ready; false: on the event loop)',
  },
  redisUrl: {
    env: 'REDIS_URL',
    flag: '--redis-url <url>',
    parse: urlWithScheme('REDIS_URL', ['redis', 'rediss']),
    secret: 'url',
    description: 'redis://… to share rate-limit counters across processes',
  },
  apiKey: {
    env: 'TEXTCLASS_API_KEY',
    parse: asText,
    secret: 'value',
    description: 'admin key of the default workspace, ensured on start',
  },
  modelsDir: {
    env: 'TEXTCLASS_MODELS_DIR',
    flag: '--models-dir <dir>',
    shownDefault: '$TEXTCLASS_DATA_DIR/models',
    parse: asText,
    description: 'encoder and model artifacts',
  },
  defaultEncoder: {
    env: 'TEXTCLASS_DEFAULT_ENCODER',
    flag: '--default-encoder <id>',
    shownDefault: DEFAULT_ENCODER_ID,
    parse: asText,
    description: 'encoder for similarity, new models and the demo models',
  },
  preloadEncoders: {
    env: 'TEXTCLASS_PRELOAD_ENCODERS',
    flag: '--preload-encoders <ids>',
    parse: parseIdList,
    description:
      'comma-separated encoders loaded at start besides the default and those deployed models use; others load on first use',
  },
  encoderIdleUnloadSeconds: {
    env: 'TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS',
    flag: '--encoder-idle-unload-seconds <s>',
    default: '600',
    parse: ms('TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS', 0),
    description:
      'release an encoder that no deployed model, default or preload needs after this long unused (it reloads on its next request); 0: never',
  },
  logLevel: {
    env: 'LOG_LEVEL',
    flag: '--log-level <level>',
    default: 'info',
    parse: parseLogLevel,
    description: 'pino level',
  },
  seedDemo: {
    env: 'TEXTCLASS_SEED_DEMO',
    flag: '--seed-demo <bool>',
    default: 'true',
    parse: parseBool,
    description: 'seed the demo models and dataset on a fresh database (--no-seed: false)',
  },
  corsOrigins: {
    env: 'TEXTCLASS_CORS_ORIGINS',
    flag: '--cors-origins <origins>',
    shownDefault: 'unset (CORS off)',
    parse: parseOrigins,
    description: 'comma-separated browser origins allowed by CORS',
  },
  authFailuresPerMinute: {
    env: 'TEXTCLASS_AUTH_FAILURES_PER_MINUTE',
    flag: '--auth-failures-per-minute <n>',
    default: String(AUTH_FAILURES_PER_MINUTE),
    parse: whole('TEXTCLASS_AUTH_FAILURES_PER_MINUTE', 1),
    description:
      'requests with a missing or invalid API key (401) allowed per client address and minute, and as many again in one burst; past them the address gets 429 until the minute ends',
  },
  hstsMaxAge: {
    env: 'TEXTCLASS_HSTS_MAX_AGE',
    flag: '--hsts-max-age <seconds>',
    default: '0',
    shownDefault: '0 (no Strict-Transport-Security header)',
    parse: whole('TEXTCLASS_HSTS_MAX_AGE', 0),
    description:
      'send Strict-Transport-Security with this max-age; set it only when every client reaches this host over HTTPS',
  },
  hstsIncludeSubdomains: {
    env: 'TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS',
    flag: '--hsts-include-subdomains <bool>',
    default: 'false',
    parse: parseBool,
    description: 'add includeSubDomains to Strict-Transport-Security (pins every subdomain of this host to HTTPS)',
  },
  embeddingCacheMb: {
    env: 'TEXTCLASS_EMBEDDING_CACHE_MB',
    flag: '--embedding-cache-mb <mb>',
    default: '24',
    parse: ms('TEXTCLASS_EMBEDDING_CACHE_MB', 0),
    description: 'memory bound of the embedding cache, vectors and keys (0: off)',
  },
  batchMaxTexts: {
    env: 'TEXTCLASS_BATCH_MAX_TEXTS',
    flag: '--batch-max-texts <n>',
    default: '64',
    parse: whole('TEXTCLASS_BATCH_MAX_TEXTS', 1),
    description: 'most texts in one encoder call',
  },
  batchMaxTokens: {
    env: 'TEXTCLASS_BATCH_MAX_TOKENS',
    flag: '--batch-max-tokens <n>',
    default: '4096',
    parse: whole('TEXTCLASS_BATCH_MAX_TOKENS', 1),
    description: 'most tokens the model reads in one encoder call (every window of a long text counts)',
  },
  batchWaitMs: {
    env: 'TEXTCLASS_BATCH_WAIT_MS',
    flag: '--batch-wait-ms <ms>',
    default: '0',
    parse: ms('TEXTCLASS_BATCH_WAIT_MS', 0),
    description: 'how long an idle queue waits for more texts',
  },
  batchesInFlight: {
    env: 'TEXTCLASS_BATCHES_IN_FLIGHT',
    flag: '--batches-in-flight <n>',
    default: '2',
    parse: whole('TEXTCLASS_BATCHES_IN_FLIGHT', 1),
    description:
      'encoder calls handed to the model at once: with 2 the next waits at the model while one runs (1: one at a time)',
  },
  encoderWorkers: {
    env: 'TEXTCLASS_ENCODER_WORKERS',
    flag: '--encoder-workers <n>',
    default: '2',
    parse: whole('TEXTCLASS_ENCODER_WORKERS', 1),
    description:
      'threads that run a transformer encoder, each with its own session of the model and a share of the cores, so batches in flight run side by side (at most the cores; 1: one session whose runs use up to 4 cores)',
  },
  queueMaxTexts: {
    env: 'TEXTCLASS_QUEUE_MAX_TEXTS',
    flag: '--queue-max-texts <n>',
    default: '2048',
    parse: whole('TEXTCLASS_QUEUE_MAX_TEXTS', 1),
    description: 'texts that may wait per encoder before inference answers 503',
  },
  metrics: {
    env: 'TEXTCLASS_METRICS',
    flag: '--metrics <bool>',
    default: 'true',
    parse: parseBool,
    description: 'serve GET /metrics',
  },
  uploadMaxBytes: {
    env: 'TEXTCLASS_UPLOAD_MAX_BYTES',
    flag: '--upload-max-bytes <bytes>',
    default: '1073741824',
    parse: whole('TEXTCLASS_UPLOAD_MAX_BYTES', 1),
    description: 'largest file upload after gzip decoding',
  },
  bodyIdleTimeoutMs: {
    env: 'TEXTCLASS_BODY_IDLE_TIMEOUT_MS',
    flag: '--body-idle-timeout-ms <ms>',
    default: '60000',
    parse: whole('TEXTCLASS_BODY_IDLE_TIMEOUT_MS', 0),
    description:
      'a request body (an upload too) that sends no bytes for this long is closed: 408 and a log line (0: never)',
  },
  requestTimeoutMs: {
    env: 'TEXTCLASS_REQUEST_TIMEOUT_MS',
    flag: '--request-timeout-ms <ms>',
    default: '120000',
    parse: whole('TEXTCLASS_REQUEST_TIMEOUT_MS', 0),
    description:
      'a request other than a file upload must arrive whole within this long (408); uploads have the idle timeout and their byte limit instead (0: no limit)',
  },
  ...BACKGROUND_WORK_SETTINGS,
  llmEndpoints: {
    env: 'TEXTCLASS_LLM_ENDPOINTS',
    flag: '--llm-endpoints <json>',
    parse: asText,
    description: 'named OpenAI-compatible endpoints for llm models, as JSON',
  },
  llmUrl: {
    env: 'TEXTCLASS_LLM_URL',
    flag: '--llm-url <url>',
    parse: asText,
    description: 'shorthand: the endpoint named "default"',
  },
  llmModel: { env: 'TEXTCLASS_LLM_MODEL', flag: '--llm-model <name>', parse: asText, description: 'its model name' },
  llmApiKey: { env: 'TEXTCLASS_LLM_API_KEY', parse: asText, secret: 'value', description: 'its API key' },
  llmTimeoutMs: {
    env: 'TEXTCLASS_LLM_TIMEOUT_MS',
    flag: '--llm-timeout-ms <ms>',
    shownDefault: String(DEFAULT_LLM_TIMEOUT_MS),
    parse: asText,
    description: 'its timeout',
  },
  otlpEndpoint: {
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    shownDefault: 'unset (tracing off)',
    parse: asText,
    secret: 'url',
    description: 'OTLP/HTTP receiver for traces (<endpoint>/v1/traces); the other standard OTEL_* variables apply',
  },
  otlpTracesEndpoint: {
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    parse: asText,
    secret: 'url',
    description: 'full URL for traces, used as it is (wins over OTEL_EXPORTER_OTLP_ENDPOINT)',
  },
  otelSdkDisabled: {
    env: 'OTEL_SDK_DISABLED',
    shownDefault: 'false',
    parse: asText,
    description: 'true: tracing off even with an endpoint set',
  },
  otelTracesExporter: {
    env: 'OTEL_TRACES_EXPORTER',
    shownDefault: 'otlp',
    parse: asText,
    description: 'none: tracing off even with an endpoint set',
  },
  validateResponses: {
    env: 'TEXTCLASS_VALIDATE_RESPONSES',
    flag: '--validate-responses <bool>',
    default: 'false',
    parse: parseBool,
    description: 'check every response against the contract (tests)',
  },
} as const satisfies Record<string, Setting>;

/** The server's settings in the order --help and the reference list them. */
export const SERVER_SETTINGS: readonly Setting[] = Object.values(SERVER);

/** The settings every command that opens the database takes as flags. */
export const STORAGE_SETTINGS: readonly Setting[] = [SERVER.dataDir, SERVER.databaseUrl, SERVER.logLevel];
