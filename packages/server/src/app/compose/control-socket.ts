// The embedded server's control socket: `<dataDir>/run/control.sock` (owner only), where the CLI's operator commands run while the server holds the database.
import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import type { Logger } from '../../adapters/observability/logger.js';
import type { CommandOutput, OperatorCommand } from './operator-command.js';

/** Longest Unix socket path Linux and macOS accept (sun_path, with its terminating NUL). */
const MAX_SOCKET_PATH = 103;
const MAX_REQUEST_BYTES = 64 * 1024;
const COMMANDS = new Set<OperatorCommand['command']>([
  'keys.create',
  'keys.list',
  'keys.revoke',
  'workspaces.create',
  'workspaces.list',
  'workspaces.update',
  'datasets.create',
]);

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'control.sock');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new Error('the command is too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function asCommand(value: unknown): OperatorCommand {
  const command = (value as { command?: unknown } | null)?.command;
  if (typeof command !== 'string' || !COMMANDS.has(command as OperatorCommand['command']))
    throw new Error(`unknown command ${JSON.stringify(command)}`);
  return value as OperatorCommand;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on the data directory's control socket. Only the data directory's owner reaches it: the socket lives in
 * `run/` (mode 0700) and is itself 0600. Returns undefined (and warns) where the path is too long for a socket.
 */
export async function startControlSocket(
  dataDir: string,
  run: (op: OperatorCommand) => Promise<CommandOutput>,
  logger: Logger,
): Promise<ControlSocket | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      'data directory path too long for the control socket: key and workspace commands need a server stop',
    );
    return undefined;
  }
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  // This process holds the database lock, so a socket left here is a crashed server's.
  await unlink(socketPath).catch(() => undefined);
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/commands') {
      answer(404, { error: 'POST /commands only' });
      return;
    }
    readJson(req)
      .then((body) => run(asCommand(body)))
      .then(
        (output) => answer(200, output),
        (error: unknown) => answer(400, { error: error instanceof Error ? error.message : String(error) }),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  logger.debug({ socketPath }, 'control socket listening');
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(() => undefined);
    },
  };
}

/**
 * Runs the command in the server that listens on the data directory's control socket; undefined when none answers
 * there (no socket, or a dead server's). A command the server refuses throws its message.
 */
export function sendToControlSocket(dataDir: string, op: OperatorCommand): Promise<CommandOutput | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: controlSocketPath(dataDir),
        method: 'POST',
        path: '/commands',
        headers: { 'Content-Type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CommandOutput & { error?: string };
            if (res.statusCode === 200) resolve({ stdout: body.stdout, stderr: body.stderr });
            else reject(new Error(body.error ?? `the server's control socket answered ${res.statusCode}`));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else if (error.code === 'EACCES')
        reject(
          new Error(
            `the running server's control socket ${controlSocketPath(dataDir)} is not open to this user: ` +
              'run the command as the user that runs textclass serve',
          ),
        );
      else reject(error);
    });
    req.end(JSON.stringify(op));
  });
}
