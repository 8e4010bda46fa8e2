// Child processes under test: the built textclass server and the transformers.js peer, each alone on its event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { processMemory, type ProcessMemory } from '../lib/proc-status.js';

export interface Child {
  url: string;
  pid: number;
  /** Resident and peak resident memory in MiB (Linux /proc), undefined elsewhere. */
  memory(): ProcessMemory | undefined;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

function memoryOf(pid: number): ProcessMemory | undefined {
  try {
    return processMemory(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Spawns `node args` with env, then polls GET healthPath until 200 (or fails with the child's output). */
export async function spawnAndWait(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  healthPath: string,
  timeoutSeconds: number,
): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutSeconds * 1000;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} was not healthy within ${timeoutSeconds} s:\n${output}`);
    }
    if (
      await fetch(`${url}${healthPath}`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid as number;
  return { url, pid, memory: () => memoryOf(pid), output: () => output, stop };
}
