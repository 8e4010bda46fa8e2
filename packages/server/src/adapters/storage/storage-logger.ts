// The logging surface storage needs; a pino logger satisfies it.

export interface StorageLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}
