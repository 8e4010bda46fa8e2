// The CLI's connection to a running textclass server: --url / TEXTCLASS_URL and --api-key / TEXTCLASS_API_KEY, errors as one readable line.
import type { TextclassClient } from '@textclass/client';
import type { Command } from 'commander';

export interface ApiFlags {
  url: string;
  apiKey?: string;
}

export function addApiOptions(command: Command): Command {
  return command
    .option(
      '--url <url>',
      'service root of the server (TEXTCLASS_URL)',
      process.env.TEXTCLASS_URL ?? 'http://localhost:8080',
    )
    .option('--api-key <key>', 'an admin API key (TEXTCLASS_API_KEY)');
}

/** The client package loads on a command's first call, not when the command line is parsed (nor in `serve`). */
export async function apiClient(flags: ApiFlags): Promise<TextclassClient> {
  const { createTextclassClient } = await import('@textclass/client');
  const apiKey = flags.apiKey ?? process.env.TEXTCLASS_API_KEY;
  if (!apiKey) throw new Error('an API key is needed: pass --api-key or set TEXTCLASS_API_KEY');
  return createTextclassClient({
    baseUrl: flags.url.replace(/\/+$/, ''),
    apiKey,
    userAgent: 'textclass-cli',
    retry: { maxRetries: 1 },
  });
}

/** The body of a successful call, or a thrown error carrying the server's message and error code. */
export async function expectOk<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await call;
  } catch (error) {
    throw new Error(`cannot reach the server: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (result.error !== undefined || !result.response.ok) {
    const { TextclassError } = await import('@textclass/client');
    const failure = TextclassError.fromResponse(result.error, result.response);
    throw new Error(`${failure.message} (${failure.status} ${failure.error_code})`);
  }
  return result.data as T;
}

/** One JSON document per line on stdout. */
export const printJson = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};
