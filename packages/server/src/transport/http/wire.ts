// Wire types from the generated contract, by operation id: the routes speak exactly these shapes.
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
