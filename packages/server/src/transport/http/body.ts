// JSON body parsing after authentication: byte limit (413) and a nesting-depth limit.
import express, { type RequestHandler } from 'express';
import { DomainError } from '../../core/shared/errors.js';

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

export function jsonBody(limitBytes: number): RequestHandler[] {
  const parse = express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] });
  const depth: RequestHandler = (req, _res, next) => {
    if (req.body !== undefined && jsonDepth(req.body) > MAX_JSON_DEPTH) {
      throw new DomainError('INVALID_PARAMETER', `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    next();
  };
  return [parse, depth];
}
