// Unauthenticated system endpoints: health, the docs page and the contract itself.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Response } from 'express';
import type { AppServices } from '../services.js';

const contractDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@textclass/openapi/package.json')),
  'generated',
);

/** The docs page is one self-contained HTML file with inline script and styles (Redoc). */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:";

export function systemRoutes(services: AppServices): Router {
  const router = Router();

  router.get('/health', (_req, res) => {
    if (services.encoders.ready()) {
      res.json({ status: 'ok', rate_limits: services.limiter.backend() });
      return;
    }
    res.setHeader('Retry-After', '1');
    res.status(503).json({ status: 'loading' });
  });

  const file = (name: string, type: string) => (_req: unknown, res: Response) => {
    if (type === 'text/html') res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type(type).sendFile(path.join(contractDir, name));
  };
  router.get('/openapi.json', file('openapi.json', 'application/json'));
  router.get('/openapi.yaml', file('openapi.yaml', 'application/yaml'));
  router.get(['/docs', '/docs/'], file('docs.html', 'text/html'));

  return router;
}
