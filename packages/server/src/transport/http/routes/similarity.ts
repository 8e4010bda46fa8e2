// The similarity endpoint: every compared text against every reference text.
import type { Router } from 'express';
import { routerOf, type HotRoute } from '../shared/hot-routes.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { sendJson } from '../presenters/send-json.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

/** The routes' handlers (the fast lane runs the same ones). */
export function similarityHotRoutes(services: AppServices): HotRoute[] {
  const routes: HotRoute[] = [];
  routes.push({
    path: '/v2/similarity',
    handlers: [
      requirePermission('infer'),
      async (req, res) => {
        const body = bodyOf<'scoreSimilarity'>(req);
        const response: ResponseBody<'scoreSimilarity', 200> = await services.similarity.score(
          body.base_texts,
          body.compare_to_texts,
          body.top_n,
          callerOf(res).workspace.id,
        );
        sendJson(res, response);
      },
    ],
  });
  return routes;
}

export function similarityRoutes(services: AppServices): Router {
  return routerOf(similarityHotRoutes(services));
}
