// Read-only model endpoints: list models (deployed by default, or by status), get one model's details.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import { presentModel, presentModelListItem } from '../presenters/presenters.js';
import type { AppServices } from '../shared/services.js';
import type { ModelStatus } from '../../../core/shared/types.js';
import type { ResponseBody } from '../presenters/wire.js';

export function modelRoutes(services: AppServices): Router {
  const router = Router();
  const { models } = services;

  router.get('/v2/models', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const status = typeof req.query.status === 'string' ? req.query.status : 'deployed';
    const page = await models.list(callerOf(res).workspace.id, request, status as ModelStatus | 'all');
    const response: ResponseBody<'listModels', 200> = pageEnvelope(page, request, presentModelListItem);
    res.json(response);
  });

  router.get('/v2/models/:model_id', requirePermission('read'), async (req, res) => {
    res.json(presentModel(await models.get(callerOf(res).workspace.id, Number(req.params.model_id))));
  });

  return router;
}
