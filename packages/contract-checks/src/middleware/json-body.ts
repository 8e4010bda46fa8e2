// JSON body parsing after authentication: content coding (identity or gzip), byte limit (413) and a nesting-depth limit.
import express, { type RequestHandler } from 'express';
import { HttpError } from '../errors/http-error.js';
import { acceptedContentEncoding } from './content-encoding.js';

const JSON_TYPES = ['application/json', 'application/*+json'];

export const MAX_JSON_DEPTH = 32;

/** Depth of a parsed JSON value, stopping early once past the limit. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Refuses a parsed body nested deeper than MAX_JSON_DEPTH (the app's parser and the fast lane's both call it). */
export function checkJsonDepth(body: unknown): void {
  if (body !== undefined && jsonDepth(body) > MAX_JSON_DEPTH) {
    throw new HttpError('INVALID_PARAMETER', `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

export function jsonBody(limitBytes: number): RequestHandler[] {
  const parse = express.json({ limit: limitBytes, strict: true, type: JSON_TYPES });
  const depth: RequestHandler = (req, _res, next) => {
    checkJsonDepth(req.body);
    next();
  };
  return [acceptedContentEncoding(JSON_TYPES), parse, depth];
}
