// Offset/limit query parameters (already range-checked by the contract) with the documented defaults.
import type { Request } from 'express';
import type { Page, PageRequest } from '../../../core/shared/types.js';

export const DEFAULT_LIMIT = 20;

export function pageRequest(req: Request): PageRequest {
  const offset = Number(req.query.offset ?? 0);
  const limit = Number(req.query.limit ?? DEFAULT_LIMIT);
  return { offset, limit };
}

export function pageEnvelope<T, U>(page: Page<T>, request: PageRequest, map: (item: T) => U) {
  return {
    data: page.items.map(map),
    total: page.total,
    offset: request.offset,
    limit: request.limit,
    has_more: request.offset + page.items.length < page.total,
  };
}
