// Starts the real `textclass serve` (built dist) as a child process on a free port, for black-box tests.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
export const TEST_API_KEY = 'tc_contract_test_key_0123456789abcdef';

export interface ServerProcess {
  url: string;
  apiKey: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a CLI command of the built server against a data dir (e.g. `keys create`), returning stdout. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [MAIN, ...args], {
    env: { ...process.env, ...env },
    cwd: options.cwd,
  });
  return stdout.trim();
}

/** Attempts at a port before giving up: another process may take the one `freePort` saw free before the child binds it. */
const PORT_ATTEMPTS = 5;

/**
 * Runs `launch` on `first` (else a free port) and again on another free port each time it answers 'port-taken': the
 * kit's children (textclass, redis-server, nginx) tell their own start apart from a stranger's, and a child whose
 * port another process bound between `freePort` and its bind starts again elsewhere, up to PORT_ATTEMPTS times.
 */
export async function onFreePort<T>(
  what: string,
  launch: (port: number) => Promise<T | 'port-taken'>,
  first?: number,
): Promise<T> {
  for (let attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
    const started = await launch(attempt === 1 && first !== undefined ? first : await freePort());
    if (started !== 'port-taken') return started;
  }
  throw new Error(`${what} found its port taken on ${PORT_ATTEMPTS} attempts`);
}

/**
 * Waits for a started child's fate: its banner naming its port ('serving'), or its exit because the port was taken
 * ('port-taken'); any other exit, or the deadline, throws with the child's output.
 */
async function startOutcome(
  child: ChildProcess,
  output: () => string,
  port: number,
  deadline: number,
): Promise<'serving' | 'port-taken'> {
  const banner = new RegExp(`textclass is ready at http://\\S+:${port}\\b`);
  for (;;) {
    if (banner.test(output())) return 'serving';
    if (child.exitCode !== null || child.signalCode !== null) {
      if (output().includes('EADDRINUSE')) return 'port-taken';
      throw new Error(`server exited early:\n${output()}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts `textclass serve` and returns once *this child* serves: its own banner names its port. A 200 from /health
 * alone is not enough: between `freePort` and the child's bind, a server of another test file may take the port, and
 * its /health would answer for ours (same test key). A child that finds its port taken (EADDRINUSE) is started again
 * on another one. `port` pins the first attempt's port (tests of this helper).
 */
export async function startServerProcess(
  options: { env?: NodeJS.ProcessEnv; dataDir?: string; readyTimeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'textclass-test-'));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  const launch = async (port: number): Promise<ServerProcess | 'port-taken'> => {
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TEXTCLASS_DATA_DIR: dataDir,
      TEXTCLASS_API_KEY: TEST_API_KEY,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const child = spawn(process.execPath, [MAIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    if ((await startOutcome(child, () => output, port, deadline)) === 'port-taken') return 'port-taken';
    const url = `http://127.0.0.1:${port}`;
    const health = await fetch(`${url}/health`).then((r) => r.status);
    if (health !== 200) {
      child.kill('SIGKILL');
      throw new Error(`server printed its banner but /health answered ${health}:\n${output}`);
    }
    return {
      url,
      apiKey: env.TEXTCLASS_API_KEY ?? TEST_API_KEY,
      dataDir,
      child,
      output: () => output,
      async stop(signal: NodeJS.Signals = 'SIGTERM') {
        if (child.exitCode === null) child.kill(signal);
        const code = await exited;
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
        return code;
      },
    };
  };
  return onFreePort('textclass serve', launch, options.port);
}
