// The pino logger, with API keys, Authorization headers and secrets redacted.
import { pino, type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'apiKey',
  'key',
  'secret',
  'password',
  'databaseUrl',
  'redisUrl',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'textclass' } },
    destination ?? process.stdout,
  );
}
