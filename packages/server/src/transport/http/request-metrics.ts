// Counts every request and its latency by method, route template and status, once the response is finished.
import type { RequestHandler } from 'express';
import type { Metrics } from '../../adapters/observability/prometheus-metrics.js';
import type { RouteTemplates } from './route-templates.js';

export function requestMetrics(metrics: Metrics, routes: RouteTemplates): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.request(req.method, routes.match(req.originalUrl.split('?')[0] ?? ''), res.statusCode, seconds);
    });
    next();
  };
}
