// Starts Prism's mock server on the bundled contract as a child process and stops it again.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { assertMockableSpec } from './check-spec.js';
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
}

/** A running mock: its base URL, a promise that settles when Prism exits, and how to stop it. */
export interface MockServer {
  url: string;
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** Checks the contract, spawns `prism mock`, resolves once it answers HTTP, rejects with its output if it dies or stalls. */
export async function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const specPath = options.specPath ?? bundledSpecPath();
  assertMockableSpec(specPath);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const probeUrl = `${url}${options.readinessPath ?? '/health'}`;
  // Otherwise another server on the port would pass for Prism while Prism fails to bind.
  if (await answers(probeUrl)) throw new Error(`something already answers at ${url}; pick another port`);
  const args = [prismCliPath(), 'mock', specPath, '--host', host, '--port', String(port), ...(options.extraArgs ?? [])];
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
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };

  try {
    await waitUntilAnswering(probeUrl, {
      timeoutMs: options.startupTimeoutMs ?? 30_000,
      stopReason: () => exitReason,
    });
  } catch (error) {
    await stop();
    const output = tail.text();
    throw new Error(`${(error as Error).message}${output ? `\n--- prism output ---\n${output}` : ''}`, {
      cause: error,
    });
  }
  return { url, exited, stop };
}
