// The router interface the request listener dispatches through, Hono-style: the fast lane serves the hot routes it can serve whole; the Express app serves everything.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';

export interface Dispatcher {
  /** Serves the request and answers true, or answers false without touching it (the next dispatcher's to serve). */
  dispatch(req: IncomingMessage, res: ServerResponse): boolean;
}

/** The Express app as the last dispatcher: it serves every request. */
export function expressDispatcher(app: Express): Dispatcher {
  return {
    dispatch(req, res) {
      app(req, res);
      return true;
    },
  };
}

/** The listener that offers each request to the dispatchers in order; the last must serve everything. */
export function listenerOf(dispatchers: readonly Dispatcher[]): RequestListener {
  return (req, res) => {
    for (const dispatcher of dispatchers) if (dispatcher.dispatch(req, res)) return;
    throw new Error('no dispatcher served the request: the last one must serve every request');
  };
}
