// Runs nginx as a child with the repository's deploy/nginx.conf template, in front of the given upstreams.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';

export const NGINX_TEMPLATE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/nginx.conf',
);

/** The nginx binary (NGINX_BIN, else PATH, else /usr/sbin/nginx), or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of [process.env.NGINX_BIN, 'nginx', '/usr/sbin/nginx']) {
    if (candidate && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

export interface Nginx {
  url: string;
  /** The access log so far: one line per request with `upstream=<address>`. */
  accessLog(): string;
  stop(): Promise<void>;
}

export function renderNginxConfig(listen: string, upstreams: string[]): string {
  const servers = upstreams.map((address) => `server ${address} max_fails=1 fail_timeout=5s;`).join('\n    ');
  return readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{UPSTREAM_SERVERS}}', servers);
}

export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const binary = nginxBinary();
  if (binary === undefined) throw new Error('nginx is not installed');
  const prefix = mkdtempSync(path.join(tmpdir(), 'textclass-nginx-'));
  chmodSync(prefix, 0o755); // worker processes (another user when started as root) reach tmp/ under it
  mkdirSync(path.join(prefix, 'logs'));
  mkdirSync(path.join(prefix, 'tmp'));
  const port = await freePort();
  writeFileSync(path.join(prefix, 'nginx.conf'), renderNginxConfig(`127.0.0.1:${port}`, upstreams));
  const errorLog = path.join(prefix, 'logs', 'error.log');
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-e', errorLog, '-c', 'nginx.conf', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/health`).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    accessLog: () => readFileSync(path.join(prefix, 'logs', 'access.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
