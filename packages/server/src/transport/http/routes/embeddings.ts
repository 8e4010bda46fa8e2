// The embeddings endpoint: one encoder's vectors for up to 200 texts, as numbers or base64.
import { Router } from 'express';
import { requirePermission } from '../auth.js';
import { callerOf, elapsedMs } from '../context.js';
import { encodeVector } from '../embedding-wire.js';
import { sendJson } from '../send-json.js';
import type { AppServices } from '../services.js';
import { bodyOf, type ResponseBody } from '../wire.js';

export function embeddingRoutes(services: AppServices): Router {
  const router = Router();
  router.post('/v2/embeddings', requirePermission('infer'), async (req, res) => {
    const body = bodyOf<'createEmbeddings'>(req);
    const format = body.encoding_format ?? 'float';
    const result = await services.embeddings.embed({
      texts: body.texts,
      encoderId: body.encoder,
      dimensions: body.dimensions,
      normalize: body.normalize,
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
  });
  return router;
}
