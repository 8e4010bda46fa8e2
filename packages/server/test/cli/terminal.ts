// Runs the CLI on a pseudo-terminal (util-linux `script`), so its stdout is a TTY as in a person's shell.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MAIN } from '../../src/testing/server-process.js';

const shellQuote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/** What a person sees on the terminal (stdout and stderr together, line ends as `\n`); rejects on a failure. */
export async function runCliOnTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const command = [process.execPath, MAIN, ...args].map(shellQuote).join(' ');
  const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, ...env },
  });
  return stdout.replaceAll('\r\n', '\n').trim();
}
