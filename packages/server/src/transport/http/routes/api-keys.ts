// API key endpoints of the caller's workspace (admin): list, create (the key shown once), revoke.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import { presentApiKey } from '../presenters/presenters.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

export function apiKeyRoutes(services: AppServices): Router {
  const router = Router();
  const keys = services.apiKeys;
  const workspaceId = (res: Parameters<typeof callerOf>[0]) => callerOf(res).workspace.id;

  router.get('/v2/api-keys', requirePermission('admin'), async (req, res) => {
    const request = pageRequest(req);
    const response: ResponseBody<'listApiKeys', 200> = pageEnvelope(
      await keys.list(workspaceId(res), request),
      request,
      presentApiKey,
    );
    res.json(response);
  });

  router.post('/v2/api-keys', requirePermission('admin'), async (req, res) => {
    const body = bodyOf<'createApiKey'>(req);
    const created = await keys.create(workspaceId(res), { name: body.name, role: body.role });
    const response: ResponseBody<'createApiKey', 201> = {
      ...presentApiKey(created.record),
      last_used_at: null,
      revoked_at: null,
      key: created.key,
    };
    res.status(201).json(response);
  });

  router.delete('/v2/api-keys/:key_id', requirePermission('admin'), async (req, res) => {
    res.json(presentApiKey(await keys.revoke(workspaceId(res), Number(req.params.key_id))));
  });

  return router;
}
