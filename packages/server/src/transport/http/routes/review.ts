// The review queue endpoints (member): a model's records that need a human label, and the answers.
import { Router, type Request } from 'express';
import { datasetKey, parseDatasetKey } from '../../../core/datasets/dataset-keys.js';
import type { ReviewItem } from '../../../core/ports/review.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { presentSuggestion } from '../presenters/lifecycle-presenters.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

type ReviewItemBody = ResponseBody<'listReview', 200>['data'][number];

export function presentReviewItem(item: ReviewItem): ReviewItemBody {
  const top = item.predictions[0];
  return {
    record_id: item.recordId,
    dataset_id: datasetKey(item.datasetId),
    text: item.text,
    values: item.values,
    label: top?.label ?? null,
    confidence: item.confidence,
    predictions: item.predictions,
    classified_at: item.classifiedAt === null ? null : item.classifiedAt.toISOString(),
  };
}

const modelIdOf = (req: Request): number => Number(req.params.model_id);

export function reviewRoutes(services: AppServices): Router {
  const router = Router();
  const { review } = services;

  router.get('/v2/models/:model_id/review', requirePermission('review'), async (req, res) => {
    const page = pageRequest(req);
    const datasetId = typeof req.query.dataset_id === 'string' ? parseDatasetKey(req.query.dataset_id) : undefined;
    const listing = await review.list(callerOf(res).workspace, modelIdOf(req), page, {
      datasetId,
      suggestions: Number(req.query.suggestions ?? 0),
    });
    const response: ResponseBody<'listReview', 200> = {
      ...pageEnvelope(listing.page, page, presentReviewItem),
      ...(listing.suggestions === undefined ? {} : { suggestions: listing.suggestions.map(presentSuggestion) }),
    };
    res.json(response);
  });

  router.post('/v2/models/:model_id/review/:record_id', requirePermission('review'), async (req, res) => {
    const { label } = bodyOf<'answerReview'>(req);
    const answer = await review.answer(callerOf(res).workspace, modelIdOf(req), String(req.params.record_id), label);
    const response: ResponseBody<'answerReview', 200> = {
      model_id: answer.modelId,
      record_id: answer.recordId,
      dataset_id: datasetKey(answer.datasetId),
      label: answer.label,
      created: answer.created,
    };
    res.json(response);
  });

  return router;
}
