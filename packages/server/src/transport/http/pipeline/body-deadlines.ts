// Request bodies time out on idleness (no bytes for a while), and all but file uploads also on total time; each cut is logged and answered 408 when it still can be.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { contractErrorBody, openAiErrorBody, STATUS_OF } from '@textclass/contract-checks';
import type { Logger } from '../../../adapters/observability/logger.js';
import { DomainError } from '../../../core/shared/domain-errors.js';
import { settleHeaders } from '../shared/lane-headers.js';

export interface BodyDeadlines {
  /** A body that brings no byte for this long is closed (0: never). */
  idleMs: number;
  /** A request other than a file upload must have arrived whole this long after it began (0: no limit). */
  requestMs: number;
  logger: Logger;
}

/** File uploads: bounded by the idle timeout and their byte limit, not by a total time (a 1 GiB body takes a while). */
const UPLOAD_PATH = /^\/v2\/datasets\/[^/?#]+\/uploads\/?(?:[?#]|$)/;

export function isFileUpload(req: IncomingMessage): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.url ?? '');
}

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  startedAt: number;
  /** The connection's bytes read when the request began (the body's size is what came since). */
  bytesAtStart: number;
  lastBytes: number;
  lastProgressAt: number;
  upload: boolean;
}

/** How often the watch looks: a quarter of the shortest deadline, between 50 ms and 1 s. */
function sweepEvery(deadlines: BodyDeadlines): number {
  const shortest = Math.min(...[deadlines.idleMs, deadlines.requestMs].filter((ms) => ms > 0));
  return Math.min(1_000, Math.max(50, Math.floor(shortest / 4)));
}

function requestIdOf(res: ServerResponse): string {
  settleHeaders(res);
  const id = res.getHeader('X-Request-Id');
  return typeof id === 'string' ? id : `req_${randomUUID().replace(/-/g, '')}`;
}

/** Closes the request's connection; first the 408 error object when no answer has started. */
function cut(entry: Watched, message: string, logger: Logger, details: Record<string, number>): void {
  const { req, res } = entry;
  const requestId = requestIdOf(res);
  const received = req.socket.bytesRead - entry.bytesAtStart;
  logger.warn(
    {
      request_id: requestId,
      method: req.method,
      path: (req.url ?? '').replace(/\?.*$/, ''),
      bytes_received: received,
      content_length: req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']),
      ...details,
    },
    `request body timed out: ${message}; connection closed`,
  );
  // The request is destroyed as well: once its answer is out it is no longer the connection's, and a handler still
  // reading it (an upload's spool) would wait for the rest of the body forever.
  const close = () => {
    req.destroy();
    req.socket.destroy();
  };
  if (res.headersSent || res.writableEnded) {
    close();
    return;
  }
  const error = new DomainError('REQUEST_TIMEOUT', `body: ${message}`);
  const status = STATUS_OF[error.code];
  // The OpenAI-compatible /v1 paths answer OpenAI's error object, like their other errors.
  const body = JSON.stringify(
    req.url?.startsWith('/v1/') ? openAiErrorBody(error) : contractErrorBody(error, status, requestId),
  );
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  res.end(body, close);
}

/**
 * Watches every request until its body has arrived. Progress is the connection's byte count growing, or bytes
 * waiting in the request for the server to read them (a handler still busy, or writing to a slower disk): only a
 * client that sends nothing is idle. Replaces Node's requestTimeout, which cuts a slow but steady upload at a total
 * time without a status or a log line; headersTimeout (slowloris on headers) stays with Node.
 */
export function enforceBodyDeadlines(server: Server, deadlines: BodyDeadlines): void {
  if (deadlines.idleMs <= 0 && deadlines.requestMs <= 0) return;
  const watched = new Set<Watched>();
  // Before the application's listener, which may rewrite req.url (Express inside a mounted router).
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete) return;
    const now = performance.now();
    const bytes = req.socket.bytesRead;
    watched.add({
      req,
      res,
      startedAt: now,
      bytesAtStart: bytes,
      lastBytes: bytes,
      lastProgressAt: now,
      upload: isFileUpload(req),
    });
  });
  const timer = setInterval(() => {
    const now = performance.now();
    for (const entry of watched) {
      const { req } = entry;
      if (req.complete || req.socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const bytes = req.socket.bytesRead;
      if (bytes !== entry.lastBytes || req.readableLength > 0) {
        entry.lastBytes = bytes;
        entry.lastProgressAt = now;
      }
      const idle = now - entry.lastProgressAt;
      const elapsed = now - entry.startedAt;
      if (deadlines.idleMs > 0 && idle >= deadlines.idleMs) {
        watched.delete(entry);
        cut(entry, `no bytes arrived for ${deadlines.idleMs} ms`, deadlines.logger, {
          idle_ms: Math.round(idle),
          elapsed_ms: Math.round(elapsed),
        });
      } else if (!entry.upload && deadlines.requestMs > 0 && elapsed >= deadlines.requestMs) {
        watched.delete(entry);
        cut(entry, `the request did not arrive whole within ${deadlines.requestMs} ms`, deadlines.logger, {
          elapsed_ms: Math.round(elapsed),
        });
      }
    }
  }, sweepEvery(deadlines));
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
