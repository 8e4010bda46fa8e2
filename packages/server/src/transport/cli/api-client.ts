// The CLI's connection to a running textclass server: --url / TEXTCLASS_URL and --api-key / TEXTCLASS_API_KEY, errors as one readable line.
import type { TextclassClient } from '@textclass/client';
import type { Command } from 'commander';
import { readSetting } from '../../app/config/setting.js';
import { CLIENT } from '../../app/config/client-settings.js';
import { addJsonOption, jsonOutput } from './output-mode.js';
import { renderRows, renderValue } from './tables.js';

export interface ApiFlags {
  url: string;
  apiKey?: string;
}

/** --url and --api-key, and --json unless the command prints no result (`{ prints: false }`). */
export function addApiOptions(command: Command, { prints = true }: { prints?: boolean } = {}): Command {
  return (prints ? addJsonOption(command) : command)
    .option('--url <url>', 'service root of the server (TEXTCLASS_URL)', readSetting(CLIENT.url))
    .option('--api-key <key>', 'an admin API key (TEXTCLASS_API_KEY)');
}

/** The client package loads on a command's first call, not when the command line is parsed (nor in `serve`). */
export async function apiClient(flags: ApiFlags): Promise<TextclassClient> {
  const { createTextclassClient } = await import('@textclass/client');
  const apiKey = flags.apiKey ?? readSetting(CLIENT.apiKey);
  if (!apiKey) throw new Error('an API key is needed: pass --api-key or set TEXTCLASS_API_KEY');
  return createTextclassClient({
    baseUrl: flags.url.replace(/\/+$/, ''),
    apiKey,
    userAgent: 'textclass-cli',
    retry: { maxRetries: 1 },
  });
}

/** Network errors that mean nothing answers at that address (or the name does not resolve). */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);

/**
 * Why a request got no answer, as the network said it (fetch's own "fetch failed" names no reason, its cause does),
 * with a hint where nothing answers at the address.
 */
function unreachableReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const reason =
    cause instanceof Error && cause.message ? cause.message : error instanceof Error ? error.message : String(error);
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && NOTHING_THERE.has(code)
    ? `${reason}: is the server running, and is --url / TEXTCLASS_URL its address?`
    : reason;
}

/** The body of a successful call, or a thrown error carrying the server's message and error code. */
export async function expectOk<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await call;
  } catch (error) {
    throw new Error(`cannot reach the server: ${unreachableReason(error)}`, { cause: error });
  }
  if (result.error !== undefined || !result.response.ok) {
    const { TextclassError } = await import('@textclass/client');
    const failure = TextclassError.fromResponse(result.error, result.response);
    throw new Error(`${failure.message} (${failure.status} ${failure.error_code})`);
  }
  return result.data as T;
}

/** A result on stdout: one JSON document a line for scripts (--json, or piped), a table on a terminal. */
export const printJson = (value: unknown): void => {
  process.stdout.write(`${jsonOutput() ? JSON.stringify(value) : renderValue(value)}\n`);
};

/**
 * A list of results: one JSON document a line for scripts, one table (a row each) on a terminal. `asRow` gives an
 * item's table row where it should read differently from its JSON.
 */
export function printRows<T>(items: readonly T[], asRow: (item: T) => unknown = (item) => item): void {
  if (jsonOutput()) items.forEach(printJson);
  else process.stdout.write(`${renderRows(items.map(asRow), process.stdout.columns || Infinity)}\n`);
}
