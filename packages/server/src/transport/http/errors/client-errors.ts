// Requests Node's HTTP parser refuses (a body longer than its Content-Length, a broken request line): the contract's
// error object instead of a bare 400, and never over an answer that is still on its way.
import { randomUUID } from 'node:crypto';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DomainError } from '../../../core/shared/domain-errors.js';
import { openAiErrorBody } from '@textclass/contract-checks';
import { settleHeaders } from '../shared/lane-headers.js';

/** The error object of a request's 400: OpenAI's shape for the OpenAI-compatible /v1 paths, the contract's elsewhere. */
function errorBody(message: string, requestId: string, url: string | undefined): string {
  if (url?.startsWith('/v1/')) return JSON.stringify(openAiErrorBody(new DomainError('INVALID_PARAMETER', message)));
  return JSON.stringify({ status: 400, message, error_code: 'INVALID_PARAMETER', request_id: requestId });
}

/** What a parse error answers: 400 INVALID_PARAMETER naming the request, with an X-Request-Id like every other answer. */
export function clientErrorAnswer(code: string | undefined, requestId: string): string {
  const problem =
    code === 'HPE_HEADER_OVERFLOW'
      ? 'the request headers are larger than the server accepts'
      : 'not a valid HTTP/1.1 request (check that Content-Length matches the body)';
  const body = JSON.stringify({
    status: 400,
    message: `request: ${problem}`,
    error_code: 'INVALID_PARAMETER',
    request_id: requestId,
  });
  return (
    'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Answers the server's client errors.
 * - A request whose own body broke off (shorter than its Content-Length): the error object through its response.
 * - Bytes after a request that break the parser (a body longer than its Content-Length): that request's answer is
 *   sent first, then the connection closes, so a carried-out request is never answered with an error.
 * - Anything else unparsable: the error object written to the socket.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || !error.code?.startsWith('HPE_')) {
      socket.destroy();
      return;
    }
    // Node's own handler reads the same field: the response of the request the socket is serving, if any.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight && !inFlight.writableFinished) {
      inFlight.shouldKeepAlive = false;
      if (!inFlight.req.complete && !inFlight.headersSent) {
        // A fast-lane response may still hold its headers in its prepared list: they go on the response first.
        settleHeaders(inFlight);
        const requestId = String(inFlight.getHeader('X-Request-Id') ?? `req_${randomUUID().replace(/-/g, '')}`);
        // Express rewrites req.url inside a mounted router (/v1 → /embeddings); originalUrl keeps the request's path.
        const url = (inFlight.req as { originalUrl?: string }).originalUrl ?? inFlight.req.url;
        const body = errorBody('body: the request ended before its Content-Length', requestId, url);
        inFlight.writeHead(400, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'X-Request-Id': requestId,
        });
        inFlight.end(body);
        return;
      }
      inFlight.once('finish', () => socket.end());
      return;
    }
    socket.end(clientErrorAnswer(error.code, `req_${randomUUID().replace(/-/g, '')}`));
  });
}
