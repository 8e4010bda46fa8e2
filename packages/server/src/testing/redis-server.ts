// Runs a throwaway redis-server child on 127.0.0.1 and a random port; tests skip without it, except in CI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { onFreePort } from './server-process.js';

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

/** What redis-server prints once it listens (7.x adds " tcp"). */
const READY = /ready to accept connections/i;

/**
 * Starts redis-server on a free port. It serves once *it* says it is ready and answers PING: a PONG alone could come
 * from another test's Redis that took the port between `freePort` and the bind; a child that finds its port taken is
 * started again on another (first start only: `start()` after `stop()` keeps the URL the test holds). `port` pins
 * the first attempt's port (tests of this helper).
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  if (binary === undefined) throw new Error('redis-server is not installed');
  let port = 0;
  let child: ChildProcess | undefined;
  let output = '';
  const launch = async (): Promise<'ready' | 'port-taken'> => {
    output = '';
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (READY.test(output) && (await accepting(port))) return 'ready';
      if (started.exitCode !== null || started.signalCode !== null) {
        if (output.includes('Address already in use')) return 'port-taken';
        throw new Error(`redis-server exited:\n${output}`);
      }
      if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const start = async () => {
    if ((await launch()) === 'port-taken') throw new Error(`redis-server's port ${port} was taken:\n${output}`);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };
  await onFreePort(
    'redis-server',
    (candidate) => {
      port = candidate;
      return launch();
    },
    options.port,
  );
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
