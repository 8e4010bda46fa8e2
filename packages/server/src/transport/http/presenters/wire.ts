// Wire types from the generated contract, by operation id: the routes speak exactly these shapes.
import type { Request } from 'express';
import type { operations } from '@textclass/openapi/types';

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<Op extends keyof operations> = operations[Op] extends { requestBody?: infer R }
  ? JsonContent<NonNullable<R>>
  : never;

export type ResponseBody<Op extends keyof operations, Status extends number> = operations[Op] extends {
  responses: infer Rs;
}
  ? Status extends keyof Rs
    ? JsonContent<Rs[Status]>
    : never
  : never;

/**
 * The request body of an operation, typed from the contract. The one place the body is narrowed: the OpenAPI
 * validator has already checked it against this operation's schema before any route runs.
 */
export function bodyOf<Op extends keyof operations>(req: Request): RequestBody<Op> {
  return req.body as RequestBody<Op>;
}

/** The same, for operations whose body is optional (absent → undefined). */
export function optionalBodyOf<Op extends keyof operations>(req: Request): RequestBody<Op> | undefined {
  return (req.body ?? undefined) as RequestBody<Op> | undefined;
}
