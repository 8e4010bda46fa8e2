// OpenAI's POST /v1/embeddings over the same embeddings use case (its errors in OpenAI's shape, from @textclass/contract-checks).
import { Router } from 'express';
import { openAiInputTexts } from '@textclass/contract-checks';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { encodeVector } from '../presenters/embedding-wire.js';
import { sendJson } from '../presenters/send-json.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

/** The alias of the server's default encoder. */
export const DEFAULT_MODEL_ALIAS = 'default';

export function openAiEmbeddingRoutes(services: AppServices): Router {
  const router = Router();
  router.post('/v1/embeddings', requirePermission('infer'), async (req, res) => {
    const body = bodyOf<'createOpenAiEmbeddings'>(req);
    const format = body.encoding_format ?? 'float';
    const result = await services.embeddings.embed({
      texts: openAiInputTexts(body.input),
      encoderId: body.model === DEFAULT_MODEL_ALIAS ? undefined : body.model,
      dimensions: body.dimensions,
      workspaceId: callerOf(res).workspace.id,
      quota: callerOf(res).workspace,
      fields: { texts: 'input', encoder: 'model' },
    });
    const response: ResponseBody<'createOpenAiEmbeddings', 200> = {
      object: 'list',
      data: result.vectors.map((v, index) => ({ object: 'embedding', index, embedding: encodeVector(v, format) })),
      model: result.encoderId,
      usage: { prompt_tokens: result.tokens, total_tokens: result.tokens },
    };
    sendJson(res, response);
  });
  return router;
}
