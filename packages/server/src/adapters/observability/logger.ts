// The pino logger, with API keys, Authorization headers and secrets redacted.
import { pino, stdSerializers, type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'apiKey',
  'key',
  'secret',
  'password',
  'databaseUrl',
  'redisUrl',
];

/** Credentials inside URLs (postgres://user:secret@host) and bearer tokens, wherever they occur in a text. */
export function scrubSecrets(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]*@/gi, '$1[redacted]@')
    .replace(/\bBearer\s+\S+/gi, '[redacted]')
    .replace(/\btc_[A-Za-z0-9_-]{20,}/g, '[redacted]');
}

/** pino's error serializer, with secrets scrubbed from message and stack (drivers quote connection strings). */
function errorSerializer(err: Error): Record<string, unknown> {
  const serialized = stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const field of ['message', 'stack'] as const) {
    if (typeof serialized[field] === 'string') serialized[field] = scrubSecrets(serialized[field]);
  }
  return serialized;
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorSerializer },
      base: { service: 'textclass' },
    },
    destination ?? process.stdout,
  );
}
