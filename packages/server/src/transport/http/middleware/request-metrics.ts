// Counts every request and its latency by method, route template and status, once the response is finished.
import type { Request, Response } from 'express';
import type { Metrics } from '../../../adapters/observability/prometheus-metrics.js';
import { contextOf } from '../shared/context.js';
import type { RouteTemplates } from '../contract/route-templates.js';

/** Counts a finished request from the moment its id was assigned (call it on `finish`; `observeRequests` does). */
export function requestCounter(metrics: Metrics, routes: RouteTemplates): (req: Request, res: Response) => void {
  return (req, res) => {
    const seconds = Number(process.hrtime.bigint() - contextOf(res).startedAt) / 1e9;
    metrics.request(req.method, routes.match(req.originalUrl.split('?')[0] ?? ''), res.statusCode, seconds);
  };
}
