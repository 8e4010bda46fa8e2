// The messages between the server's event loop and the thread that runs its embedded database (pglite-thread.ts, pglite-thread-entry.ts).
import type { Results } from '@electric-sql/pglite';
import type { PGliteCreateSpec } from './pglite-open.js';

/** The thread's workerData: where its PGlite starts. */
export type PGliteThreadStart = PGliteCreateSpec;

/** What the event loop asks of the thread, answered in the order asked. */
export type PGliteOrder =
  | { id: number; kind: 'query'; text: string; values: readonly unknown[] }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'close' };

/** A database error as plain data: its message and own fields (SQLSTATE `code`, `severity`, `detail`, …). */
export interface SentError {
  message: string;
  fields: Record<string, unknown>;
}

/** What the thread sends back: answers to orders, notifications, and once whether PGlite started. */
export type PGliteReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SentError }
  | { kind: 'answer'; id: number; result?: Results }
  | { kind: 'refused'; id: number; error: SentError }
  | { kind: 'notify'; channel: string; payload: string };

/** An error as data that crosses threads: structured cloning keeps an Error's message but drops its own fields. */
export function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  // Only values that clone as they are: a symbol or function field would make postMessage throw.
  const plain = Object.entries(error).filter(
    ([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
  );
  return { message: error.message, fields: Object.fromEntries(plain) };
}

/** The error again on the receiving side, with its fields (what isStorageFailure and the SQLSTATE checks read). */
export function receivedError({ message, fields }: SentError): Error {
  const error = new Error(message);
  // Defined, not assigned: a field named like an accessor of Error's prototype stays a plain field.
  for (const [key, value] of Object.entries(fields))
    Object.defineProperty(error, key, { value, enumerable: true, writable: true, configurable: true });
  return error;
}
