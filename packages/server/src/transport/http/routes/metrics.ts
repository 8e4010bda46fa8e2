// GET /metrics: Prometheus text format, unauthenticated like /health and outside the /v2 contract.
import { Router } from 'express';
import type { Metrics } from '../../../adapters/observability/prometheus-metrics.js';

export function metricsRoutes(metrics: Metrics): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    const body = await metrics.render();
    res.setHeader('Content-Type', metrics.contentType());
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  });
  return router;
}
