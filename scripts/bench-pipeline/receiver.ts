// The webhook receiver on 127.0.0.1: answers 200 at once and notes when each row's `classification.completed` arrived, keyed by its text.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TimedReceiver {
  url: string;
  /** performance.now() of the first delivery per row text. */
  arrivals: Map<string, number>;
  /** Deliveries received in all (retries and duplicates included). */
  count(): number;
  /** Resolves with how many of `texts` arrived once all have, or once `deadlineMs` (performance.now()) passed. */
  waitFor(texts: readonly string[], deadlineMs: number): Promise<number>;
  close(): Promise<void>;
}

export async function startTimedReceiver(): Promise<TimedReceiver> {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      count++;
      const text = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: string }).text ?? '';
      if (!arrivals.has(text)) arrivals.set(text, at);
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const arrived = (texts: readonly string[]) => texts.reduce((n, t) => n + (arrivals.has(t) ? 1 : 0), 0);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    count: () => count,
    async waitFor(texts, deadlineMs) {
      // Texts arrive roughly in order, so checking the last one first keeps the poll cheap.
      while (performance.now() < deadlineMs && !(arrivals.has(texts.at(-1) ?? '') && arrived(texts) === texts.length)) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return arrived(texts);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
