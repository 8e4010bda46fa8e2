// OpenAI's GET /v1/models and /v1/models/{model}: what /v1/embeddings accepts as `model` (errors in OpenAI's shape).
import { Router } from 'express';
import { DomainError } from '../../../core/shared/domain-errors.js';
import { requirePermission } from '../middleware/auth.js';
import type { AppServices } from '../shared/services.js';
import type { ResponseBody } from '../presenters/wire.js';
import { DEFAULT_MODEL_ALIAS } from './openai-embeddings.js';

type OpenAiModel = ResponseBody<'getOpenAiModel', 200>;

export function openAiModelRoutes(services: AppServices): Router {
  const router = Router();
  // OpenAI's `created` is Unix seconds; an encoder has been served by this process since it started.
  const created = Math.floor(Date.now() / 1000);
  const model = (id: string): OpenAiModel => ({ id, object: 'model', created, owned_by: 'textclass' });
  /** `default` first, then the encoders by id. */
  const ids = (): string[] => [
    DEFAULT_MODEL_ALIAS,
    ...(services.encoders.ids?.() ?? [services.encoders.defaultId]).sort(),
  ];

  router.get('/v1/models', requirePermission('read'), (_req, res) => {
    const response: ResponseBody<'listOpenAiModels', 200> = { object: 'list', data: ids().map(model) };
    res.json(response);
  });

  router.get('/v1/models/:model', requirePermission('read'), (req, res) => {
    const id = String(req.params.model);
    const known = ids();
    if (!known.includes(id))
      throw new DomainError('NOT_FOUND', `model: no encoder "${id}" on this server; it has ${known.join(', ')}`);
    res.json(model(id));
  });

  return router;
}
