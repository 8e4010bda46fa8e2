// Request bodies arrive as identity or gzip: any other Content-Encoding is refused (400) before a parser reads the body.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors/http-error.js';

const ACCEPTED_CODINGS = new Set(['', 'identity', 'gzip']);

/** The same answer the upload endpoint gives to a coding it does not take. */
export function unsupportedContentEncoding(coding: string): HttpError {
  const shown = coding.length > 40 ? `${coding.slice(0, 40)}…` : coding;
  return new HttpError('INVALID_PARAMETER', `Content-Encoding: "${shown}" is not supported; send gzip or identity`);
}

/** Refuses a body of one of `types` whose Content-Encoding is neither identity nor gzip (deflate, br, lists included). */
export function acceptedContentEncoding(types: string[]): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers['content-encoding'];
    if (header === undefined || !req.is(types)) return next();
    if (!ACCEPTED_CODINGS.has(header.trim().toLowerCase())) throw unsupportedContentEncoding(header);
    next();
  };
}
