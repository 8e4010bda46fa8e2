// A client that sends a request body slowly over a raw connection (and can stall), and the CSV bodies it sends.
import { connect } from 'node:net';

export interface Exchange {
  status: number | undefined;
  body: string;
  /** From the first byte sent to the connection's close. */
  ms: number;
  bytesSent: number;
}

export interface Throttle {
  bytesPerSecond: number;
  /** Stop sending after this many bytes and keep the connection open. */
  stallAfter?: number;
  /** A chunk every tickMs (default 100). */
  tickMs?: number;
}

/**
 * POSTs `body` to 127.0.0.1:`port` at `bytesPerSecond`, a chunk every tick; with `stallAfter`, it stops sending after
 * that many bytes and waits (the connection stays open). Resolves when the server closes the connection.
 */
export function throttledPost(
  target: { port: number; apiKey: string },
  path: string,
  contentType: string,
  body: Buffer,
  throttle: Throttle,
): Promise<Exchange> {
  const tickMs = throttle.tickMs ?? 100;
  return new Promise((resolve) => {
    const socket = connect(target.port, '127.0.0.1');
    const started = performance.now();
    const received: Buffer[] = [];
    let sent = 0;
    let ticker: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ticker);
      const text = Buffer.concat(received).toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({
        status: status === undefined ? undefined : Number(status),
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
        ms: performance.now() - started,
        bytesSent: sent,
      });
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${target.apiKey}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      const perTick = Math.round((throttle.bytesPerSecond * tickMs) / 1000);
      const end = Math.min(body.length, throttle.stallAfter ?? body.length);
      ticker = setInterval(() => {
        if (socket.destroyed) return clearInterval(ticker);
        const next = Math.min(end, sent + perTick);
        socket.write(body.subarray(sent, next));
        sent = next;
        if (sent >= end) clearInterval(ticker);
      }, tickMs);
    });
  });
}

/** A CSV of about `bytes` bytes with one `body` column, one ticket per row; with its row count. */
export function csvOf(bytes: number): { csv: Buffer; rows: number } {
  const lines = ['body'];
  let size = 5;
  while (size < bytes) {
    const line = `ticket ${lines.length}: my parcel has not arrived and nobody answers the phone`;
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length - 1 };
}
