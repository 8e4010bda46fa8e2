// The usage endpoint: classified texts used in the current billing period, the quota and when it resets.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import type { AppServices } from '../shared/services.js';
import type { ResponseBody } from '../presenters/wire.js';

export function usageRoutes(services: AppServices): Router {
  const router = Router();
  const { quota } = services;
  router.get('/v2/usage', requirePermission('read'), async (_req, res) => {
    const usage = await quota.usage(callerOf(res).workspace);
    const response: ResponseBody<'getUsage', 200> = {
      used: usage.used,
      limit: usage.limit,
      period_start: usage.period.start.toISOString(),
      resets_at: usage.period.end.toISOString(),
    };
    res.json(response);
  });
  return router;
}
