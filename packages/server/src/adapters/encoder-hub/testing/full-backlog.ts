// A listener on 127.0.0.1 whose accept queue is full, so a new connection never completes (a connect timeout's stand-in).
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';

export interface FullBacklog {
  url: string;
  close(): void;
}

// The child listens with the smallest backlog and blocks its event loop at once, so it never accepts.
const LISTENER = `
const server = require('node:net').createServer();
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
});`;

export async function startFullBacklog(): Promise<FullBacklog> {
  const child = spawn(process.execPath, ['-e', LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())));
  });
  // Fill the kernel's accept queue; from then on the kernel drops new connection attempts.
  const fillers: Socket[] = [];
  for (let i = 0; i < 4; i += 1) fillers.push(connect(port, '127.0.0.1').on('error', () => undefined));
  await Promise.race(fillers.slice(0, 2).map((s) => new Promise((resolve) => s.once('connect', resolve))));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
