// `npm run mock`: serves the bundled contract with Prism on HOST:PORT (default 127.0.0.1:4010) until interrupted, printing the URL to call and each request.
import { startMock } from './start-mock.js';

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`PORT must be a TCP port number, got ${process.env.PORT}\n`);
  process.exit(2);
}

try {
  // Prism's own log names its internal port, which is not the one to call: the front prints the requests instead.
  const mock = await startMock({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    onRequest: (line) => process.stdout.write(`  ${line}\n`),
  });
  process.stdout.write(
    `\n  textclass mock is ready at ${mock.url}  (the contract's examples, shaped to each request)\n` +
      `  try:      curl -H "Authorization: Bearer tc_any_key" ${mock.url}/v2/models\n\n`,
  );
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
