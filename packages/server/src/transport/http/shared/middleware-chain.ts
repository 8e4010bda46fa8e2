// Runs a fixed list of Express handlers in order with Express 5's rules (a throw or a rejected promise is an error), without routing.
import type { Request, RequestHandler, Response } from 'express';

/** What becomes of an error a handler raised (Express would hand it to the error handlers). */
export type ChainErrorHandler = (error: unknown, req: Request, res: Response) => void;

/**
 * Calls `handlers[0]`, and each next one when the previous calls `next()`; `next(error)`, a synchronous throw or a
 * rejected promise stops the chain and goes to `onError`, exactly as Express's router treats a layer's outcome;
 * `onDone` runs when the last handler calls `next()`.
 */
export function runChain(
  handlers: readonly RequestHandler[],
  req: Request,
  res: Response,
  onError: ChainErrorHandler,
  onDone?: () => void,
): void {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null && error !== false) {
      index = handlers.length;
      onError(error, req, res);
      return;
    }
    const handler = handlers[index++];
    if (handler === undefined) {
      onDone?.();
      return;
    }
    try {
      const returned = handler(req, res, next) as unknown;
      if (returned instanceof Promise)
        returned.then(undefined, (rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}
