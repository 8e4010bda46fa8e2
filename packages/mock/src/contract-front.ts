// A front for Prism: invalid requests get the server's own answers (its validator and error mapper), valid ones go on to Prism and come back shaped to the request.
import { readFileSync } from 'node:fs';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { contractGate } from '@textclass/contract-checks';
import { bundledJsonPath } from './paths.js';
import { documentedLabels, requestShapedAnswer, type DocumentedLabels } from './request-shaped-answers.js';

export interface ContractFrontOptions {
  /** Browser origins allowed by CORS, as the server's TEXTCLASS_CORS_ORIGINS (default none: CORS off, as the server). */
  corsOrigins?: readonly string[];
  /** Told each answered request: method, path and status. */
  onRequest?: (line: string) => void;
}

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
function forwardTo(prismUrl: string, labels: DocumentedLabels): RequestHandler {
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
      if (!HOP_HEADERS.has(name) && !name.startsWith('access-control-')) res.setHeader(name, value);
    });
    const raw = Buffer.from(await answer.arrayBuffer());
    res.end(answer.status === 200 ? reshaped(req, raw, labels) : raw);
  };
}

/** Prism's example, reshaped to the request where the operation's answer depends on it (request-shaped-answers.ts). */
function reshaped(req: Request, raw: Buffer, labels: DocumentedLabels): Buffer {
  let example: unknown;
  try {
    example = JSON.parse(raw.toString('utf8'));
  } catch {
    return raw;
  }
  const shaped = requestShapedAnswer(req.method, req.path, req.body, example, labels);
  return shaped === undefined ? raw : Buffer.from(JSON.stringify(shaped));
}

/**
 * A request without a key goes straight to Prism, which answers the contract's 401 as the server would before it reads
 * the body; every other request passes the server's checks first.
 */
export function contractFront(prismUrl: string, options: ContractFrontOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  const doc = JSON.parse(readFileSync(bundledJsonPath(), 'utf8')) as Record<string, unknown>;
  const forward = forwardTo(prismUrl, documentedLabels(doc));
  const gate = contractGate({ corsOrigins: options.corsOrigins });
  if (options.onRequest) {
    const onRequest = options.onRequest;
    app.use((req, res, next) => {
      res.on('finish', () => onRequest(`${req.method} ${req.originalUrl} -> ${res.statusCode}`));
      next();
    });
  }
  app.use(gate.cors);
  // The contract itself, as the server serves it (Prism would answer 404 in its own format).
  app.get('/openapi.json', (_req, res) => res.type('application/json').sendFile(bundledJsonPath()));
  app.use((req, res, next) => {
    const keyless = !PUBLIC_PATHS.has(req.path) && !/^Bearer\s+\S/i.test(req.get('authorization') ?? '');
    return keyless ? forward(req, res, next) : next();
  });
  app.use(gate.checks);
  app.use(forward);
  app.use(gate.errors);
  return app;
}
