// The fast lane's JSON body reader: what body-parser's strict JSON parser does for an identity-coded UTF-8 body of a declared length, without its per-request machinery.
import type { RequestHandler } from 'express';
import { checkJsonDepth } from '@textclass/contract-checks';

const FIRST_NON_WHITESPACE = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;

/** An error body-parser would have raised, with the `type` the one error mapper (@textclass/contract-checks) reads. */
function parserError(message: string, type: 'entity.parse.failed' | 'request.aborted' | 'request.size.invalid') {
  return Object.assign(new SyntaxError(message), { type, status: 400, statusCode: 400, expose: true });
}

/** body-parser's strict parse: an empty body is {}, anything but an object or array at the top is refused, then JSON.parse. */
export function parseStrictJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : FIRST_NON_WHITESPACE.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw parserError('body: not a JSON object or array', 'entity.parse.failed');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw parserError(error instanceof Error ? error.message : 'invalid JSON', 'entity.parse.failed');
  }
}

/** UTF-8 as iconv-lite decodes it for body-parser: invalid sequences become U+FFFD, a leading BOM is dropped. */
function decodeUtf8(chunks: Buffer[], length: number): string {
  const text =
    chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, length).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads and parses the body of a request the lane took (Content-Length set and within the limit, no content coding,
 * JSON media type with no charset but UTF-8), then applies the same nesting-depth limit as the app's JSON body.
 */
export function laneJsonBody(): RequestHandler {
  return (req, _res, next) => {
    req.body = undefined;
    const expected = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.removeListener('data', onData);
      if (error !== undefined) {
        next(error);
        return;
      }
      try {
        const body = parseStrictJson(decodeUtf8(chunks, received));
        checkJsonDepth(body);
        req.body = body;
      } catch (failed) {
        next(failed);
        return;
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    req.on('data', onData);
    req.once('end', () =>
      settle(
        received === expected
          ? undefined
          : parserError('request size did not match content length', 'request.size.invalid'),
      ),
    );
    req.once('aborted', () => settle(parserError('request aborted', 'request.aborted')));
    req.once('error', (error) => settle(Object.assign(error, { type: 'request.aborted', status: 400 })));
  };
}
