// `npm run mock`: serves the bundled contract with Prism on HOST:PORT (default 127.0.0.1:4010) until interrupted.
import { startMock } from './start-mock.js';

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`PORT must be a TCP port number, got ${process.env.PORT}\n`);
  process.exit(2);
}

try {
  const mock = await startMock({ port, host: process.env.HOST ?? '127.0.0.1', output: 'inherit' });
  let stopping = false;
  const shutdown = (): void => {
    stopping = true;
    void mock.stop();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await mock.exited;
  process.exitCode = stopping ? 0 : 1;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
