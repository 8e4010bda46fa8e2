// Row writes (item, records, uploads) pass the classification backlog's bound first: past it they answer 503 with Retry-After and store nothing.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import type { AppServices } from '../shared/services.js';

export const ROW_WRITE_PATHS = [
  '/v2/dataset/:dataset_id/item',
  '/v2/datasets/:dataset_id/records',
  '/v2/datasets/:dataset_id/uploads',
];

export function backlogGateRoutes(services: AppServices): Router {
  const router = Router();
  const { backlog } = services;
  if (!backlog) return router;
  router.post(ROW_WRITE_PATHS, requirePermission('write_rows'), async (_req, _res, next) => {
    await backlog.check();
    next();
  });
  return router;
}
