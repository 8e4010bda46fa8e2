// Starts the bare node:http echo server (bare-echo.ts) in its own process, answering like textclass's sample answer.
import { fileURLToPath } from 'node:url';
import { freePort, spawnAndWait, type Child } from './servers.js';

const ECHO = fileURLToPath(new URL('./bare-echo.ts', import.meta.url));

/** `answer`: one textclass answer (JSON text) to a one-text request; the echo returns an object of the same size. */
export async function startBare(answer: string): Promise<Child> {
  const port = await freePort();
  return spawnAndWait(['--import', 'tsx', ECHO, answer, String(port)], { ...process.env }, port, '/health', 60);
}
