// The server settings of its background work: the classification pipeline and its back-pressure, webhook delivery,
// job leases and connectors (rows of the settings table in settings.ts, listed there in this place).
import { asText, parseBool, parseSchedule } from './parse-setting.js';
import type { Setting } from './setting.js';
import { ms, whole } from './setting-numbers.js';

export const BACKGROUND_WORK_SETTINGS = {
  pipelineWorkers: {
    env: 'TEXTCLASS_PIPELINE_WORKERS',
    flag: '--pipeline-workers <bool>',
    default: 'true',
    parse: parseBool,
    description: 'run the classification worker and webhook dispatcher in this process',
  },
  pipelinePollMs: {
    env: 'TEXTCLASS_PIPELINE_POLL_MS',
    flag: '--pipeline-poll-ms <ms>',
    default: '1000',
    parse: ms('TEXTCLASS_PIPELINE_POLL_MS', 10),
    description:
      'longest sleep of an idle worker between polls (rows stored through this process wake its classifier at once)',
  },
  pipelineMaxBacklogRows: {
    env: 'TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS',
    flag: '--pipeline-max-backlog-rows <n>',
    default: '1000000',
    parse: whole('TEXTCLASS_PIPELINE_MAX_BACKLOG_ROWS', 0),
    description:
      'rows waiting for classification above which row writes (item, records, uploads) answer 503 with Retry-After; 0: no bound',
  },
  webhookAllowPrivate: {
    env: 'TEXTCLASS_WEBHOOK_ALLOW_PRIVATE',
    flag: '--webhook-allow-private <bool>',
    default: 'false',
    parse: parseBool,
    description: 'allow webhook URLs on private, loopback or link-local addresses',
  },
  webhookRetryScheduleMs: {
    env: 'TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS',
    flag: '--webhook-retry-schedule-ms <list>',
    shownDefault: '5 s … 24 h',
    parse: parseSchedule,
    description: 'comma-separated webhook retry delays in ms',
  },
  webhookTimeoutMs: {
    env: 'TEXTCLASS_WEBHOOK_TIMEOUT_MS',
    flag: '--webhook-timeout-ms <ms>',
    default: '10000',
    parse: ms('TEXTCLASS_WEBHOOK_TIMEOUT_MS', 1),
    description: 'how long a webhook POST may take',
  },
  jobLeaseMs: {
    env: 'TEXTCLASS_JOB_LEASE_MS',
    flag: '--job-lease-ms <ms>',
    default: '120000',
    parse: ms('TEXTCLASS_JOB_LEASE_MS', 1_000),
    description: 'how long a claimed classification job stays with its process',
  },
  connectorKey: {
    env: 'TEXTCLASS_CONNECTOR_KEY',
    parse: asText,
    secret: 'value',
    description:
      'AES-256-GCM key sealing connector credentials: 32 bytes as base64 or 64 hex digits (connectors cannot be created without it)',
  },
  connectorAllowPrivate: {
    env: 'TEXTCLASS_CONNECTOR_ALLOW_PRIVATE',
    flag: '--connector-allow-private <bool>',
    default: 'false',
    parse: parseBool,
    description: 'allow connector base URLs on private, loopback or link-local addresses',
  },
  connectorLeaseMs: {
    env: 'TEXTCLASS_CONNECTOR_LEASE_MS',
    flag: '--connector-lease-ms <ms>',
    default: '60000',
    parse: ms('TEXTCLASS_CONNECTOR_LEASE_MS', 1_000),
    description:
      'how long a connector stays leased by the process syncing it without renewal (a dead holder frees it then)',
  },
  connectorClassificationWaitMs: {
    env: 'TEXTCLASS_CONNECTOR_CLASSIFICATION_WAIT_MS',
    flag: '--connector-classification-wait-ms <ms>',
    default: '60000',
    parse: ms('TEXTCLASS_CONNECTOR_CLASSIFICATION_WAIT_MS', 0),
    description:
      "how long a sync run waits for its tickets' classification to write labels back (the rest at the next run)",
  },
} as const satisfies Record<string, Setting>;
