// Runs nginx as a child with the repository's deploy/nginx files (main config and rendered templates) in front of the given upstreams.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onFreePort } from './server-process.js';

export const NGINX_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx');
export const NGINX_TLS_TEMPLATE = path.join(NGINX_DIR, 'tls', 'textclass-tls.conf.template');

/** The nginx binary (NGINX_BIN, else PATH, else /usr/sbin/nginx), or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of [process.env.NGINX_BIN, 'nginx', '/usr/sbin/nginx']) {
    if (candidate && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

/**
 * Fills `${NAME}` placeholders the way the nginx image's envsubst step does with these variables set; any
 * upper-case placeholder left without a value is an error here (envsubst would keep it and nginx would fail).
 */
export function renderTemplate(template: string, variables: Record<string, string>): string {
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined) throw new Error(`the nginx template needs ${name}`);
    return value;
  });
}

export interface NginxOptions {
  /** TEXTCLASS_UPLOAD_MAX_BYTES for the uploads location (the server's default, 1 GiB, when absent). */
  uploadMaxBytes?: number;
  /** Also render the TLS example with this certificate (PEM files) for `serverName`. */
  tls?: { certificate: string; key: string; serverName: string };
  /** The public listener's port on the first attempt (tests of this helper); free ports otherwise. */
  port?: number;
}

export interface Nginx {
  /** The public listener. */
  url: string;
  /** The internal listener (/metrics, /docs, probes). */
  internalUrl: string;
  /** The TLS listener, when options.tls was given. */
  tlsUrl?: string;
  /** The access log so far: one line per request with `upstream=<address>`. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Waits until the nginx child has bound its listeners ('bound': the master writes its pid file after the binds), or
 * has exited because a port was taken ('port-taken': onFreePort tries another); anything else throws. Only
 * then is a /health probe known to reach this nginx, not a server of another test on a port `freePort` saw free.
 */
async function nginxOutcome(
  child: ChildProcess,
  prefix: string,
  output: () => string,
): Promise<'bound' | 'port-taken'> {
  const pidFile = path.join(prefix, 'nginx.pid');
  const errorLog = path.join(prefix, 'logs', 'error.log');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid)) return 'bound';
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = `${output()}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`;
      if (log.includes('Address already in use')) return 'port-taken';
      throw new Error(`nginx exited:\n${log}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startNginx(upstreams: string[], options: NginxOptions = {}): Promise<Nginx> {
  const binary = nginxBinary();
  if (binary === undefined) throw new Error('nginx is not installed');
  const prefix = mkdtempSync(path.join(tmpdir(), 'textclass-nginx-'));
  chmodSync(prefix, 0o755); // worker processes (another user when started as root) reach tmp/ under it
  for (const dir of ['logs', 'tmp', 'conf.d']) mkdirSync(path.join(prefix, dir));
  copyFileSync(path.join(NGINX_DIR, 'nginx.conf'), path.join(prefix, 'nginx.conf'));
  const templates = readdirSync(path.join(NGINX_DIR, 'templates'))
    .filter((name) => name.endsWith('.template'))
    .map((name) => path.join(NGINX_DIR, 'templates', name));
  if (options.tls) templates.push(NGINX_TLS_TEMPLATE);
  const launch = async (port: number): Promise<Nginx | 'port-taken'> => {
    const [internalPort, tlsPort] = [await freePort(), await freePort()];
    const variables: Record<string, string> = {
      NGINX_LISTEN: `127.0.0.1:${port}`,
      NGINX_INTERNAL_LISTEN: `127.0.0.1:${internalPort}`,
      TEXTCLASS_UPSTREAM_SERVERS: upstreams.map((a) => `server ${a} max_fails=1 fail_timeout=5s;`).join('\n  '),
      TEXTCLASS_UPLOAD_MAX_BYTES: String(options.uploadMaxBytes ?? 1024 ** 3),
    };
    if (options.tls) {
      Object.assign(variables, {
        NGINX_TLS_LISTEN: `127.0.0.1:${tlsPort}`,
        NGINX_TLS_SERVER_NAME: options.tls.serverName,
        NGINX_TLS_CERTIFICATE: options.tls.certificate,
        NGINX_TLS_CERTIFICATE_KEY: options.tls.key,
      });
    }
    for (const template of templates) {
      const rendered = renderTemplate(readFileSync(template, 'utf8'), variables);
      writeFileSync(path.join(prefix, 'conf.d', path.basename(template, '.template')), rendered);
    }
    const errorLog = path.join(prefix, 'logs', 'error.log');
    writeFileSync(errorLog, ''); // an earlier attempt's "Address already in use" must not speak for this one
    const child: ChildProcess = spawn(binary, ['-p', prefix, '-e', errorLog, '-c', 'nginx.conf', '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if ((await nginxOutcome(child, prefix, () => output)) === 'port-taken') return 'port-taken';
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
      internalUrl: `http://127.0.0.1:${internalPort}`,
      ...(options.tls ? { tlsUrl: `https://127.0.0.1:${tlsPort}` } : {}),
      accessLog: () => readFileSync(path.join(prefix, 'logs', 'access.log'), 'utf8'),
      async stop() {
        if (child.exitCode === null) child.kill('SIGQUIT');
        await exited;
        rmSync(prefix, { recursive: true, force: true });
      },
    };
  };
  return onFreePort('nginx', launch, options.port);
}
