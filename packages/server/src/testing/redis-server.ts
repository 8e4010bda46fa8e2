// Runs a throwaway redis-server child on 127.0.0.1 and a random port; tests skip without it, except in CI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './server-process.js';

/** The redis-server binary (REDIS_SERVER_BIN, else PATH), or undefined when it is not installed. */
export function redisServerBinary(): string | undefined {
  const candidate = process.env.REDIS_SERVER_BIN || 'redis-server';
  const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
}

/** Why Redis-backed tests are skipped here, or undefined when they run. In CI they always run. */
export function redisSkipReason(): string | undefined {
  if (redisServerBinary() !== undefined) return undefined;
  if (process.env.CI) throw new Error('redis-server is required in CI (.ci/run installs it with apt-get)');
  return 'redis-server is not installed (apt-get install redis-server); CI runs these tests';
}

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGKILL by default: an outage, not a clean shutdown). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const binary = redisServerBinary();
  if (binary === undefined) throw new Error('redis-server is not installed');
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
