// A model version's held-out predictions: the texts behind a row, a column or a cell of its confusion matrix.
import { Router } from 'express';
import type { HeldOutPrediction } from '../../../core/lifecycle/types.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import type { AppServices } from '../shared/services.js';
import type { ResponseBody } from '../presenters/wire.js';

type HeldOutBody = ResponseBody<'listHeldOutPredictions', 200>['data'][number];

export const presentHeldOut = (row: HeldOutPrediction): HeldOutBody => ({
  example_id: row.exampleId,
  text: row.text,
  label: row.label,
  predicted_label: row.predictedLabel,
  confidence: row.confidence,
});

const optional = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function heldOutRoutes(services: AppServices): Router {
  const router = Router();
  router.get('/v2/models/:model_id/versions/:version/held-out', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const page = await services.audits.heldOut(
      callerOf(res).workspace,
      Number(req.params.model_id),
      Number(req.params.version),
      request,
      { label: optional(req.query.label), predictedLabel: optional(req.query.predicted_label) },
    );
    const response: ResponseBody<'listHeldOutPredictions', 200> = pageEnvelope(page, request, presentHeldOut);
    res.json(response);
  });
  return router;
}
