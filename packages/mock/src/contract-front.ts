// A front for Prism: invalid requests get the server's own answers (its validator and error mapper), valid ones go on to Prism.
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { contractGate } from '@textclass/server/contract-gate';

/** Paths Prism serves without a key. */
const PUBLIC_PATHS = new Set(['/health']);

/** Headers that describe the hop or the body as sent, not the request; fetch sets its own. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'keep-alive',
]);

/** Sends the request on to Prism (the body as parsed, else the raw stream) and copies its answer back. */
function forwardTo(prismUrl: string): RequestHandler {
  return async (req: Request, res: Response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers.set(name, value);
    // The JSON parser leaves req.body undefined when it did not read the body (another media type).
    const parsed = req.body !== undefined;
    const hasBody = !['GET', 'HEAD'].includes(req.method);
    const body = !hasBody ? undefined : parsed ? JSON.stringify(req.body) : req;
    const answer = await fetch(`${prismUrl}${req.originalUrl}`, {
      method: req.method,
      headers,
      body: body as RequestInit['body'],
      ...(body === req ? { duplex: 'half' } : {}),
    });
    res.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) res.setHeader(name, value);
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
}

/**
 * A request without a key goes straight to Prism, which answers the contract's 401 as the server would before it reads
 * the body; every other request passes the server's checks first.
 */
export function contractFront(prismUrl: string): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  const forward = forwardTo(prismUrl);
  const gate = contractGate();
  app.use((req, res, next) => {
    const keyless = !PUBLIC_PATHS.has(req.path) && !/^Bearer\s+\S/i.test(req.get('authorization') ?? '');
    return keyless ? forward(req, res, next) : next();
  });
  app.use(gate.checks);
  app.use(forward);
  app.use(gate.errors);
  return app;
}
