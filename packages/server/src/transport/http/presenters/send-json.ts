// Answers a hot route's JSON in one socket write (headers and body as one string), with the headers res.json sets.
import type { Response } from 'express';
import { endCollected, settleHeaders } from '../shared/lane-headers.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What `res.json` answers, less two costs the hot POST routes do not need: the body is not turned into a Buffer (Node
 * then writes headers and body with one `write` instead of a `writev` of two), and no ETag is hashed (a POST answer is
 * never conditional: Express only compares ETags for GET and HEAD). A response the contract validator wraps (response
 * validation on, `res.json` replaced on the instance) still goes through that wrapper, so every check stays.
 */
export function sendJson(res: Response, body: unknown): void {
  if (Object.hasOwn(res, 'json')) {
    settleHeaders(res);
    res.json(body);
    return;
  }
  const text = JSON.stringify(body);
  // A fast-lane response: status line and prepared header list in one writeHead, the same headers in the same order.
  if (endCollected(res, JSON_TYPE, text)) return;
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
