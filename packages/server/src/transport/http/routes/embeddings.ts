// The embeddings endpoint: one encoder's vectors for up to 200 texts, as numbers or base64.
import type { Router } from 'express';
import { routerOf, type HotRoute } from '../shared/hot-routes.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf, elapsedMs } from '../shared/context.js';
import { encodeVector } from '../presenters/embedding-wire.js';
import { sendJson } from '../presenters/send-json.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

/** The routes' handlers (the fast lane runs the same ones). */
export function embeddingHotRoutes(services: AppServices): HotRoute[] {
  const routes: HotRoute[] = [];
  routes.push({
    path: '/v2/embeddings',
    handlers: [
      requirePermission('infer'),
      async (req, res) => {
        const body = bodyOf<'createEmbeddings'>(req);
        const format = body.encoding_format ?? 'float';
        const result = await services.embeddings.embed({
          texts: body.texts,
          encoderId: body.encoder,
          dimensions: body.dimensions,
          normalize: body.normalize,
          workspaceId: callerOf(res).workspace.id,
          quota: callerOf(res).workspace,
        });
        const response: ResponseBody<'createEmbeddings', 200> = {
          encoder: result.encoderId,
          dimensions: result.dimensions,
          encoding_format: format,
          embeddings: result.vectors.map((v) => encodeVector(v, format)),
          usage: { texts: result.texts, tokens: result.tokens },
          processing_time_ms: elapsedMs(res),
        };
        sendJson(res, response);
      },
    ],
  });
  return routes;
}

export function embeddingRoutes(services: AppServices): Router {
  return routerOf(embeddingHotRoutes(services));
}
