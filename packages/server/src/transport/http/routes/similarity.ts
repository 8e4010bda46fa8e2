// The similarity endpoint: every compared text against every reference text.
import { Router } from 'express';
import { requirePermission } from '../auth.js';
import { sendJson } from '../send-json.js';
import type { AppServices } from '../services.js';
import { bodyOf, type ResponseBody } from '../wire.js';

export function similarityRoutes(services: AppServices): Router {
  const router = Router();
  router.post('/v2/similarity', requirePermission('infer'), async (req, res) => {
    const body = bodyOf<'scoreSimilarity'>(req);
    const response: ResponseBody<'scoreSimilarity', 200> = await services.similarity.score(
      body.base_texts,
      body.compare_to_texts,
      body.top_n,
    );
    sendJson(res, response);
  });
  return router;
}
