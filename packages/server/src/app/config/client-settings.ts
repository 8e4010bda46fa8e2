// The client commands' settings table: what the commands that talk to a running server (`textclass models …`) or to
// the encoder hub (`encoders pull`) read. Each row as in settings.ts.
import { DEFAULT_NETWORK } from '../../adapters/encoder-hub/network-settings.js';
import { asText, retryCount, secondsAsMs } from './parse-setting.js';
import type { Setting } from './setting.js';

/** What the commands that talk to a running server (`textclass models …`) or to the hub (`encoders pull`) read. */
export const CLIENT = {
  url: {
    env: 'TEXTCLASS_URL',
    flag: '--url <url>',
    default: 'http://localhost:8080',
    parse: asText,
    description: 'service root of the server (models commands)',
  },
  apiKey: {
    env: 'TEXTCLASS_API_KEY',
    flag: '--api-key <key>',
    parse: asText,
    secret: 'value',
    description: 'an admin API key (models commands)',
  },
  hubEndpoint: {
    env: 'HF_ENDPOINT',
    shownDefault: 'https://huggingface.co',
    parse: asText,
    description: 'hub (or mirror) for encoders pull',
  },
  hubToken: {
    env: 'HF_TOKEN',
    parse: asText,
    secret: 'value',
    description: 'bearer token for private or gated repositories (encoders pull)',
  },
  pullConnectTimeout: {
    env: 'TEXTCLASS_PULL_CONNECT_TIMEOUT',
    flag: '--connect-timeout <seconds>',
    default: String(DEFAULT_NETWORK.connectTimeoutMs / 1000),
    parse: secondsAsMs,
    description: 'longest wait for a connection',
  },
  pullFirstByteTimeout: {
    env: 'TEXTCLASS_PULL_FIRST_BYTE_TIMEOUT',
    flag: '--first-byte-timeout <seconds>',
    default: String(DEFAULT_NETWORK.firstByteTimeoutMs / 1000),
    parse: secondsAsMs,
    description: 'longest wait for an answer once connected',
  },
  pullIdleTimeout: {
    env: 'TEXTCLASS_PULL_IDLE_TIMEOUT',
    flag: '--idle-timeout <seconds>',
    default: String(DEFAULT_NETWORK.idleTimeoutMs / 1000),
    parse: secondsAsMs,
    description: 'longest silence in the middle of a download',
  },
  pullRetries: {
    env: 'TEXTCLASS_PULL_RETRIES',
    flag: '--retries <n>',
    default: String(DEFAULT_NETWORK.retries),
    parse: retryCount,
    description: 'retries of a request that timed out, was cut or got a 5xx or 429',
  },
  pullRetryDelay: {
    env: 'TEXTCLASS_PULL_RETRY_DELAY',
    flag: '--retry-delay <seconds>',
    default: String(DEFAULT_NETWORK.retryDelayMs / 1000),
    parse: secondsAsMs,
    description: 'wait before the first retry, doubled for each further one (at most 30 s)',
  },
} as const satisfies Record<string, Setting>;

export const CLIENT_SETTINGS: readonly Setting[] = Object.values(CLIENT);
