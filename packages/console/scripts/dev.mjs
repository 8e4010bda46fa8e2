#!/usr/bin/env node
// `npm run console:dev`: Vite's dev server for the console, its API requests forwarded to the Prism mock (started here,
// from the contract's examples) or, with `--server <url>`, to a running textclass server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--server');
const server = at >= 0 ? args[at + 1] : undefined;
if (at >= 0 && (!server || !/^https?:\/\//.test(server))) {
  console.error('usage: npm run console:dev [-- --server http://127.0.0.1:8080]');
  process.exit(2);
}
const root = fileURLToPath(new URL('../../../', import.meta.url));
const children = [];
let api = server;
if (!api) {
  const port = process.env.MOCK_PORT ?? '4010';
  api = `http://127.0.0.1:${port}`;
  console.log(`starting the Prism mock on ${api} (npm run mock); pass --server <url> to use a real server instead`);
  children.push(spawn('npm', ['run', 'mock'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: port } }));
} else console.log(`forwarding API requests to ${api}`);
const vite = spawn('npx', ['vite', '--port', process.env.CONSOLE_DEV_PORT ?? '5173', '--strictPort'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  env: { ...process.env, CONSOLE_API: api },
});
children.push(vite);
console.log(`console (dev): http://127.0.0.1:${process.env.CONSOLE_DEV_PORT ?? '5173'}/console/`);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
