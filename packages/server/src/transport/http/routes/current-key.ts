// The calling key and its workspace (GET /v2/me): a client learns the key's role and its workspace's limits.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { monthlyQuota, requestsPerMinute } from '../../../core/tenancy/plans.js';
import { presentApiKey } from '../presenters/presenters.js';
import type { ResponseBody } from '../presenters/wire.js';

export function currentKeyRoutes(): Router {
  const router = Router();
  router.get('/v2/me', requirePermission('read'), (_req, res) => {
    const { key, workspace } = callerOf(res);
    const response: ResponseBody<'getCurrentKey', 200> = {
      key: presentApiKey(key),
      workspace: {
        id: workspace.id,
        name: workspace.name,
        plan: workspace.plan,
        rate_limit_per_minute: requestsPerMinute(workspace),
        monthly_quota: monthlyQuota(workspace),
      },
    };
    res.json(response);
  });
  return router;
}
