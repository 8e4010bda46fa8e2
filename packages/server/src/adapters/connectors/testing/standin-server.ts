// The HTTP server under every vendor stand-in: 127.0.0.1 only, a request log, and faults a test schedules (429, 5xx, drops, hangs).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null. */
  body: unknown;
}

export interface StandinResponse {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
}

/**
 * A fault served instead of the vendor's answer: an error answer (`status`, with the vendor's body and headers), the
 * connection dropped halfway through a complete-looking answer (`drop`), or no answer at all (`hang`).
 */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'drop' }
  | { kind: 'hang' };

interface ScheduledFault {
  fault: Fault;
  matches: (request: StandinRequest) => boolean;
  remaining: number;
}

export type StandinHandler = (request: StandinRequest) => StandinResponse;

export interface StandinServer {
  readonly baseUrl: string;
  /** Every request received, in order (faulted ones included). */
  readonly requests: StandinRequest[];
  /** Serves `fault` to the next `times` requests that `matches` (every request by default). */
  failNext(fault: Fault, options?: { times?: number; matches?: (request: StandinRequest) => boolean }): void;
  stop(): Promise<void>;
}

function send(res: ServerResponse, answer: StandinResponse): void {
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(answer.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': String(Buffer.byteLength(text)),
    ...answer.headers,
  });
  res.end(text);
}

/** Starts a server on 127.0.0.1 (`port` 0: any free port) that answers with `handler` unless a fault is scheduled. */
export async function startStandinServer(handler: StandinHandler, port = 0): Promise<StandinServer> {
  const requests: StandinRequest[] = [];
  const faults: ScheduledFault[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        return send(res, { status: 400, body: { error: 'the request body is not JSON' } });
      }
      const request: StandinRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body,
      };
      requests.push(request);
      const scheduled = faults.find((f) => f.remaining > 0 && f.matches(request));
      if (scheduled) {
        scheduled.remaining -= 1;
        const { fault } = scheduled;
        if (fault.kind === 'hang') return;
        if (fault.kind === 'status') return send(res, fault);
        // A dropped connection in the middle of a page: the real answer's headers and half its body, then the socket closes.
        const answer = handler(request);
        const full = JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(full)),
        });
        res.write(full.slice(0, Math.floor(full.length / 2)), () => res.socket?.destroy());
        return;
      }
      let answer: StandinResponse;
      try {
        answer = handler(request);
      } catch (error) {
        answer = { status: 500, body: { error: error instanceof Error ? error.message : String(error) } };
      }
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    failNext(fault, options = {}) {
      faults.push({ fault, matches: options.matches ?? (() => true), remaining: options.times ?? 1 });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The user and password of a Basic Authorization header, or null. */
export function basicCredentials(headers: IncomingHttpHeaders): { user: string; password: string } | null {
  const match = /^Basic (.+)$/i.exec(headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A clock for stand-ins whose timestamps have whole seconds: each reading is at least a second after the one before. */
export function secondsClock(start = Date.now()): () => Date {
  let last = Math.floor(start / 1000) - 1;
  return () => {
    last = Math.max(last + 1, Math.floor(Date.now() / 1000));
    return new Date(last * 1000);
  };
}

/** ISO 8601 without milliseconds (`2026-01-01T00:00:00Z`), as Zendesk and Freshdesk write times. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
