// Inference endpoints: one model, and both multi-model variants (models run concurrently).
import type { Router } from 'express';
import { routerOf, type HotRoute } from '../shared/hot-routes.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf, elapsedMs } from '../shared/context.js';
import { sendJson } from '../presenters/send-json.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

/** The routes' handlers (the fast lane runs the same ones). */
export function inferenceHotRoutes(services: AppServices): HotRoute[] {
  const routes: HotRoute[] = [];
  const { classifier } = services;

  routes.push({
    path: '/v2/models/:model_id/inference',
    handlers: [
      requirePermission('infer'),
      async (req, res) => {
        const body = bodyOf<'classifyTexts'>(req);
        const modelId = Number(req.params.model_id);
        const { workspace } = callerOf(res);
        const { scored, language } = await classifier.classify({
          workspaceId: workspace.id,
          quota: workspace,
          texts: body.texts,
          models: [{ modelId, options: { maxPredictions: body.max_predictions, labelFilter: body.label_filter } }],
          unusableModels: 'refuse',
          detectLanguage: true,
        });
        const response: ResponseBody<'classifyTexts', 200> = {
          predictions: scored[0]?.predictions ?? [],
          decisions: scored[0]?.decisions ?? [],
          model_id: modelId,
          text_language: language ?? 'und',
          processing_time_ms: elapsedMs(res),
        };
        sendJson(res, response);
      },
    ],
  });

  routes.push({
    path: '/v2/models/inference',
    handlers: [
      requirePermission('infer'),
      async (req, res) => {
        const body = bodyOf<'classifyMultiModelSettings'>(req);
        const { workspace } = callerOf(res);
        const { scored } = await classifier.classify({
          workspaceId: workspace.id,
          quota: workspace,
          texts: body.texts,
          models: body.model_settings.map((s, i) => ({
            modelId: s.model_id,
            options: { maxPredictions: s.max_predictions, labelFilter: s.label_filter },
            field: `model_settings[${i}].label_filter`,
          })),
          unusableModels: 'refuse',
        });
        const response: ResponseBody<'classifyMultiModelSettings', 200> = {
          results: scored.map((r) => ({
            model_id: r.model.id,
            model_name: r.model.name,
            predictions: r.predictions.map((row) => row.map((p) => ({ label: p.label, score: p.confidence }))),
            decisions: r.decisions,
          })),
        };
        sendJson(res, response);
      },
    ],
  });

  routes.push({
    path: '/v2/multi-model/inference',
    handlers: [
      requirePermission('infer'),
      async (req, res) => {
        const body = bodyOf<'classifyMultiModelIds'>(req);
        const { workspace } = callerOf(res);
        const { scored } = await classifier.classify({
          workspaceId: workspace.id,
          quota: workspace,
          texts: body.texts,
          models: body.model_ids.map((modelId) => ({ modelId, options: { maxPredictions: body.max_predictions } })),
          unusableModels: 'refuse',
        });
        const response: ResponseBody<'classifyMultiModelIds', 200> = {
          results: Object.fromEntries(
            scored.map((r) => [String(r.model.id), { predictions: r.predictions, decisions: r.decisions }]),
          ),
          processing_time_ms: elapsedMs(res),
        };
        sendJson(res, response);
      },
    ],
  });

  return routes;
}

export function inferenceRoutes(services: AppServices): Router {
  return routerOf(inferenceHotRoutes(services));
}
