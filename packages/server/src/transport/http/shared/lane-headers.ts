// The fast lane's prepared header list: headers a lane response collects in order, written with its status in one writeHead (or set on the response before anything else reads them).
import type { ServerResponse } from 'node:http';

/** Where headers are set: a response, or the fast lane's prepared header list. */
export interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

const PENDING = Symbol('textclass.laneHeaders');

type WithPending = ServerResponse & { [PENDING]?: string[] };

/** Starts collecting `res`'s headers as a flat name/value list instead of setting them one by one. */
export function collectHeaders(res: ServerResponse): void {
  (res as WithPending)[PENDING] = [];
}

/** Where a header goes: the collected list while there is one, else the response itself. */
export function headerTarget(res: ServerResponse): HeaderTarget {
  const pending = (res as WithPending)[PENDING];
  if (pending === undefined) return res;
  return {
    setHeader(name: string, value: string) {
      pending.push(name, value);
    },
  };
}

/** Adds headers to the collected list (or sets them), in order. */
export function addHeaders(res: ServerResponse, headers: ReadonlyArray<readonly [string, string]>): void {
  const pending = (res as WithPending)[PENDING];
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i] as readonly [string, string];
    if (pending === undefined) res.setHeader(header[0], header[1]);
    else pending.push(header[0], header[1]);
  }
}

/** Removes a header from the collected list (or from the response). */
export function dropHeader(res: ServerResponse, name: string): void {
  const pending = (res as WithPending)[PENDING];
  if (pending === undefined) {
    res.removeHeader(name);
    return;
  }
  const lower = name.toLowerCase();
  for (let i = pending.length - 2; i >= 0; i -= 2)
    if ((pending[i] as string).toLowerCase() === lower) pending.splice(i, 2);
}

/** Sets the collected headers on the response, in order, and stops collecting (before anything reads or adds headers). */
export function settleHeaders(res: ServerResponse): void {
  const pending = (res as WithPending)[PENDING];
  if (pending === undefined) return;
  (res as WithPending)[PENDING] = undefined;
  for (let i = 0; i < pending.length; i += 2) res.setHeader(pending[i] as string, pending[i + 1] as string);
}

/**
 * Ends a collecting response with `body` as JSON text: the status line and the collected headers plus Content-Type
 * and Content-Length in one writeHead from the list, the body in the same socket write. False (nothing written)
 * when the response is not collecting.
 */
export function endCollected(res: ServerResponse, contentType: string, text: string): boolean {
  const pending = (res as WithPending)[PENDING];
  if (pending === undefined || res.headersSent) return false;
  (res as WithPending)[PENDING] = undefined;
  pending.push('Content-Type', contentType, 'Content-Length', String(Buffer.byteLength(text)));
  res.writeHead(res.statusCode, pending);
  res.end(text);
  return true;
}
