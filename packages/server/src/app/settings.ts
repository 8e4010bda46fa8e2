// The one table of settings: each environment variable with its CLI flag, default and meaning; `--help` is made from
// it and every flag overrides its variable. loadConfig (config.ts) parses the values; settings.test.ts ties the two.

export interface Setting {
  /** The environment variable. */
  env: string;
  /** The flag (`--name <value>`) that overrides the variable; undefined for secrets, which stay out of argv. */
  flag?: string;
  default: string;
  description: string;
}

/** What `textclass serve` (and the database commands) read, in the order --help lists them. */
export const SERVER_SETTINGS: readonly Setting[] = [
  { env: 'PORT', flag: '--port <port>', default: '8080', description: 'HTTP port' },
  { env: 'HOST', flag: '--host <host>', default: '0.0.0.0', description: 'bind address' },
  {
    env: 'TEXTCLASS_WORKERS',
    flag: '--workers <n>',
    default: '1',
    description: 'server processes sharing the port (node:cluster), or auto (one per core); above 1 needs DATABASE_URL',
  },
  {
    env: 'TEXTCLASS_DATA_DIR',
    flag: '--data-dir <dir>',
    default: './data',
    description: 'embedded database and artifacts',
  },
  {
    env: 'DATABASE_URL',
    flag: '--database-url <url>',
    default: 'unset',
    description: 'postgres://… to use PostgreSQL instead of the embedded database',
  },
  {
    env: 'TEXTCLASS_EMBEDDED_DB_TIER_UP',
    flag: '--embedded-db-tier-up <bool>',
    default: 'false',
    description:
      "embedded database: let V8 recompile PGlite's hot WebAssembly with its optimizing compiler (~70 MiB more resident; false: baseline code only)",
  },
  {
    env: 'REDIS_URL',
    flag: '--redis-url <url>',
    default: 'unset',
    description: 'redis://… to share rate-limit counters across processes',
  },
  { env: 'TEXTCLASS_API_KEY', default: 'unset', description: 'admin key of the default workspace, ensured on start' },
  {
    env: 'TEXTCLASS_MODELS_DIR',
    flag: '--models-dir <dir>',
    default: '$TEXTCLASS_DATA_DIR/models',
    description: 'encoder and model artifacts',
  },
  {
    env: 'TEXTCLASS_DEFAULT_ENCODER',
    flag: '--default-encoder <id>',
    default: 'use-multi-612',
    description: 'encoder for similarity, new models and the demo models',
  },
  {
    env: 'TEXTCLASS_PRELOAD_ENCODERS',
    flag: '--preload-encoders <ids>',
    default: 'unset',
    description:
      'comma-separated encoders loaded at start besides the default and those deployed models use; others load on first use',
  },
  {
    env: 'TEXTCLASS_ENCODER_IDLE_UNLOAD_SECONDS',
    flag: '--encoder-idle-unload-seconds <s>',
    default: '600',
    description:
      'release an encoder that no deployed model, default or preload needs after this long unused (it reloads on its next request); 0: never',
  },
  { env: 'LOG_LEVEL', flag: '--log-level <level>', default: 'info', description: 'pino level' },
  {
    env: 'TEXTCLASS_SEED_DEMO',
    flag: '--seed-demo <bool>',
    default: 'true',
    description: 'seed the demo models and dataset on a fresh database (--no-seed: false)',
  },
  {
    env: 'TEXTCLASS_CORS_ORIGINS',
    flag: '--cors-origins <origins>',
    default: 'unset (CORS off)',
    description: 'comma-separated browser origins allowed by CORS',
  },
  {
    env: 'TEXTCLASS_HSTS_MAX_AGE',
    flag: '--hsts-max-age <seconds>',
    default: '0 (no Strict-Transport-Security header)',
    description:
      'send Strict-Transport-Security with this max-age; set it only when every client reaches this host over HTTPS',
  },
  {
    env: 'TEXTCLASS_HSTS_INCLUDE_SUBDOMAINS',
    flag: '--hsts-include-subdomains <bool>',
    default: 'false',
    description: 'add includeSubDomains to Strict-Transport-Security (pins every subdomain of this host to HTTPS)',
  },
  {
    env: 'TEXTCLASS_EMBEDDING_CACHE_MB',
    flag: '--embedding-cache-mb <mb>',
    default: '24',
    description: 'memory bound of the embedding cache, vectors and keys (0: off)',
  },
  {
    env: 'TEXTCLASS_BATCH_MAX_TEXTS',
    flag: '--batch-max-texts <n>',
    default: '64',
    description: 'most texts in one encoder call',
  },
  {
    env: 'TEXTCLASS_BATCH_MAX_TOKENS',
    flag: '--batch-max-tokens <n>',
    default: '4096',
    description: 'most tokens the model reads in one encoder call (every window of a long text counts)',
  },
  {
    env: 'TEXTCLASS_BATCH_WAIT_MS',
    flag: '--batch-wait-ms <ms>',
    default: '0',
    description: 'how long an idle queue waits for more texts',
  },
  {
    env: 'TEXTCLASS_QUEUE_MAX_TEXTS',
    flag: '--queue-max-texts <n>',
    default: '2048',
    description: 'texts that may wait per encoder before inference answers 503',
  },
  { env: 'TEXTCLASS_METRICS', flag: '--metrics <bool>', default: 'true', description: 'serve GET /metrics' },
  {
    env: 'TEXTCLASS_UPLOAD_MAX_BYTES',
    flag: '--upload-max-bytes <bytes>',
    default: '1073741824',
    description: 'largest file upload after gzip decoding',
  },
  {
    env: 'TEXTCLASS_BODY_IDLE_TIMEOUT_MS',
    flag: '--body-idle-timeout-ms <ms>',
    default: '60000',
    description:
      'a request body (an upload too) that sends no bytes for this long is closed: 408 and a log line (0: never)',
  },
  {
    env: 'TEXTCLASS_REQUEST_TIMEOUT_MS',
    flag: '--request-timeout-ms <ms>',
    default: '120000',
    description:
      'a request other than a file upload must arrive whole within this long (408); uploads have the idle timeout and their byte limit instead (0: no limit)',
  },
  {
    env: 'TEXTCLASS_PIPELINE_WORKERS',
    flag: '--pipeline-workers <bool>',
    default: 'true',
    description: 'run the classification worker and webhook dispatcher in this process',
  },
  {
    env: 'TEXTCLASS_PIPELINE_POLL_MS',
    flag: '--pipeline-poll-ms <ms>',
    default: '1000',
    description: 'longest sleep of an idle worker between polls',
  },
  {
    env: 'TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS',
    flag: '--pipeline-max-backlog-rows <n>',
    default: '1000000',
    description:
      'rows waiting for classification above which row writes (item, records, uploads) answer 503 with Retry-After; 0: no bound',
  },
  {
    env: 'TEXTCLASS_WEBHOOK_ALLOW_PRIVATE',
    flag: '--webhook-allow-private <bool>',
    default: 'false',
    description: 'allow webhook URLs on private, loopback or link-local addresses',
  },
  {
    env: 'TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS',
    flag: '--webhook-retry-schedule-ms <list>',
    default: '5 s … 24 h',
    description: 'comma-separated webhook retry delays in ms',
  },
  {
    env: 'TEXTCLASS_WEBHOOK_TIMEOUT_MS',
    flag: '--webhook-timeout-ms <ms>',
    default: '10000',
    description: 'how long a webhook POST may take',
  },
  {
    env: 'TEXTCLASS_JOB_LEASE_MS',
    flag: '--job-lease-ms <ms>',
    default: '120000',
    description: 'how long a claimed classification job stays with its process',
  },
  {
    env: 'TEXTCLASS_LLM_ENDPOINTS',
    flag: '--llm-endpoints <json>',
    default: 'unset',
    description: 'named OpenAI-compatible endpoints for llm models, as JSON',
  },
  {
    env: 'TEXTCLASS_LLM_URL',
    flag: '--llm-url <url>',
    default: 'unset',
    description: 'shorthand: the endpoint named "default"',
  },
  { env: 'TEXTCLASS_LLM_MODEL', flag: '--llm-model <name>', default: 'unset', description: 'its model name' },
  { env: 'TEXTCLASS_LLM_API_KEY', default: 'unset', description: 'its API key' },
  { env: 'TEXTCLASS_LLM_TIMEOUT_MS', flag: '--llm-timeout-ms <ms>', default: '30000', description: 'its timeout' },
  {
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset (tracing off)',
    description: 'OTLP/HTTP receiver for traces (<endpoint>/v1/traces); the other standard OTEL_* variables apply',
  },
  {
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    default: 'unset',
    description: 'full URL for traces, used as it is (wins over OTEL_EXPORTER_OTLP_ENDPOINT)',
  },
  { env: 'OTEL_SDK_DISABLED', default: 'false', description: 'true: tracing off even with an endpoint set' },
  { env: 'OTEL_TRACES_EXPORTER', default: 'otlp', description: 'none: tracing off even with an endpoint set' },
  {
    env: 'TEXTCLASS_VALIDATE_RESPONSES',
    flag: '--validate-responses <bool>',
    default: 'false',
    description: 'check every response against the contract (tests)',
  },
];

/** What the commands that talk to a running server (`textclass models …`) or to the hub (`encoders pull`) read. */
export const CLIENT_SETTINGS: readonly Setting[] = [
  {
    env: 'TEXTCLASS_URL',
    flag: '--url <url>',
    default: 'http://localhost:8080',
    description: 'service root of the server (models commands)',
  },
  {
    env: 'TEXTCLASS_API_KEY',
    flag: '--api-key <key>',
    default: 'unset',
    description: 'an admin API key (models commands)',
  },
  { env: 'HF_ENDPOINT', default: 'https://huggingface.co', description: 'hub (or mirror) for encoders pull' },
  { env: 'HF_TOKEN', default: 'unset', description: 'bearer token for private or gated repositories (encoders pull)' },
];

/** The settings every command that opens the database takes as flags. */
export const STORAGE_SETTING_NAMES: readonly string[] = ['TEXTCLASS_DATA_DIR', 'DATABASE_URL', 'LOG_LEVEL'];

/** The settings as aligned help lines: `VARIABLE  --flag <value>  default  meaning`. */
export function settingsHelp(settings: readonly Setting[]): string {
  const width = (pick: (s: Setting) => string) => Math.max(...settings.map((s) => pick(s).length));
  const flagText = (s: Setting) => s.flag ?? '(environment only)';
  const [envWidth, flagWidth] = [width((s) => s.env), width(flagText)];
  return settings
    .map(
      (s) => `  ${s.env.padEnd(envWidth)}  ${flagText(s).padEnd(flagWidth)}  ${s.description} (default: ${s.default})`,
    )
    .join('\n');
}
