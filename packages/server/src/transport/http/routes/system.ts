// Unauthenticated system endpoints: health (with liveness and readiness probes), the docs reference, the guides and the contract itself.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Response } from 'express';
import type { AppServices } from '../shared/services.js';
import { docsRoutes } from './docs-page.js';
import { guidesRoutes } from './guides-site.js';
import { consoleRoutes } from './console-page.js';

const contractDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@textclass/openapi/package.json')),
  'generated',
);

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

  // Liveness: the process answers. Never depends on encoders, database or Redis.
  router.get('/health/live', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/health/ready', async (_req, res) => {
    const report = await services.readiness();
    res.setHeader('Cache-Control', 'no-store');
    if (!report.ready) res.setHeader('Retry-After', '1');
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'not_ready', checks: report.checks });
  });

  const file = (name: string, type: string) => (_req: unknown, res: Response) => {
    res.type(type).sendFile(path.join(contractDir, name));
  };
  router.get('/openapi.json', file('openapi.json', 'application/json'));
  router.get('/openapi.yaml', file('openapi.yaml', 'application/yaml'));
  router.use(docsRoutes());
  router.use(guidesRoutes());
  router.use(consoleRoutes());

  return router;
}
