// Starts Prism's mock server on the bundled contract as a child process, behind the contract front (the server's checks).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { assertMockableSpec } from './check-spec.js';
import { contractFront } from './contract-front.js';
import { freePort } from './free-port.js';
import { createOutputTail } from './output-tail.js';
import { bundledSpecPath, prismCliPath } from './paths.js';
import { answers, waitUntilAnswering } from './wait-until-answering.js';

export interface StartMockOptions {
  /** Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Contract to serve; default openapi/generated/openapi.yaml. */
  specPath?: string;
  /** `inherit` shows Prism's log (the CLI); `pipe` keeps it, for the error when the start fails (default). */
  output?: 'inherit' | 'pipe';
  /** How long Prism may take to answer (default 30 s). */
  startupTimeoutMs?: number;
  /** Path probed until Prism answers (default `/health`, which needs no key; any status counts). */
  readinessPath?: string;
  /** Extra `prism mock` flags, e.g. `['--errors']` or `['-d']`. */
  extraArgs?: readonly string[];
  /** Browser origins allowed by CORS (default: TEXTCLASS_CORS_ORIGINS, comma-separated; unset: CORS off, as the server). */
  corsOrigins?: readonly string[];
  /** Told each answered request (method, path, status); the CLI prints them. */
  onRequest?: (line: string) => void;
}

/** A running mock: its base URL, a promise that settles when Prism exits, and how to stop it. */
export interface MockServer {
  url: string;
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Checks the contract, spawns `prism mock` on a free loopback port, resolves once it answers HTTP and the front listens
 * on `host:port` (rejects with Prism's output if it dies or stalls). Invalid requests are answered by the front as the
 * server answers them; valid ones get Prism's documented examples.
 */
/** TEXTCLASS_CORS_ORIGINS as the server reads it: comma-separated, blanks dropped. */
function originsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

export async function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const specPath = options.specPath ?? bundledSpecPath();
  assertMockableSpec(specPath);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const readinessPath = options.readinessPath ?? '/health';
  // Otherwise another server on the port would pass for the mock while the front fails to bind.
  if (await answers(`${url}${readinessPath}`))
    throw new Error(`something already answers at ${url}; pick another port`);
  const prismPort = await freePort();
  const prismUrl = `http://127.0.0.1:${prismPort}`;
  const args = [
    prismCliPath(),
    'mock',
    specPath,
    '--host',
    '127.0.0.1',
    '--port',
    String(prismPort),
    // The front applies the server's CORS policy; Prism's own would allow every origin.
    '--cors=false',
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', options.output ?? 'pipe', options.output ?? 'pipe'],
  });
  const tail = createOutputTail();
  child.stdout?.on('data', tail.push);
  child.stderr?.on('data', tail.push);

  let exitReason: string | null = null;
  const exited = once(child, 'exit').then(
    ([code, signal]) => {
      exitReason = `prism exited (${signal ?? `code ${code}`}) before answering`;
    },
    (error: Error) => {
      exitReason = `prism could not be started: ${error.message}`;
    },
  );
  let front: Server | undefined;
  // Without Prism behind it the front has nothing to answer with: it closes when Prism exits.
  void exited.then(() => {
    front?.closeAllConnections();
    front?.close();
  });
  const stop = async (): Promise<void> => {
    front?.closeAllConnections();
    await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
    front = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };

  try {
    await waitUntilAnswering(`${prismUrl}${readinessPath}`, {
      timeoutMs: options.startupTimeoutMs ?? 30_000,
      stopReason: () => exitReason,
    });
    const corsOrigins = options.corsOrigins ?? originsFrom(process.env.TEXTCLASS_CORS_ORIGINS);
    const listening = contractFront(prismUrl, { corsOrigins, onRequest: options.onRequest }).listen(port, host);
    front = listening;
    await Promise.race([
      once(listening, 'listening'),
      once(listening, 'error').then(([error]) => Promise.reject(error)),
    ]);
  } catch (error) {
    await stop();
    const output = tail.text();
    throw new Error(`${(error as Error).message}${output ? `\n--- prism output ---\n${output}` : ''}`, {
      cause: error,
    });
  }
  return { url, exited, stop };
}
