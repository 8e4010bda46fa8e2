// A model's training examples (list by label, edit, delete), its settings (updateModel) and its evaluation history.
import { Router, type Request } from 'express';
import { storedLabel } from '../../../core/lifecycle/label-checks.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { presentTrainingJob } from '../presenters/lifecycle-presenters.js';
import { presentEvaluation, presentExample } from '../presenters/model-record-presenters.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import { presentModel } from '../presenters/presenters.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

const modelIdOf = (req: Request): number => Number(req.params.model_id);
const exampleIdOf = (req: Request): string => String(req.params.example_id);

export function modelRecordRoutes(services: AppServices): Router {
  const router = Router();
  const { examples, settings, lifecycle } = services;

  router.get('/v2/models/:model_id/examples', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const label = typeof req.query.label === 'string' ? req.query.label : undefined;
    const page = await examples.list(callerOf(res).workspace, modelIdOf(req), request, { label });
    const response: ResponseBody<'listModelExamples', 200> = pageEnvelope(page, request, presentExample);
    res.json(response);
  });

  router.patch('/v2/models/:model_id/examples/:example_id', requirePermission('admin'), async (req, res) => {
    const body = bodyOf<'updateModelExample'>(req);
    const { example, job } = await examples.update(callerOf(res).workspace, modelIdOf(req), exampleIdOf(req), body);
    const response: ResponseBody<'updateModelExample', 200> = {
      example: presentExample(example),
      training_job: job ? presentTrainingJob(job) : null,
    };
    res.json(response);
  });

  router.delete('/v2/models/:model_id/examples/:example_id', requirePermission('admin'), async (req, res) => {
    await examples.remove(callerOf(res).workspace, modelIdOf(req), exampleIdOf(req));
    res.status(204).end();
  });

  router.patch('/v2/models/:model_id', requirePermission('admin'), async (req, res) => {
    const body = bodyOf<'updateModel'>(req);
    const model = await settings.update(callerOf(res).workspace, modelIdOf(req), {
      name: body.name,
      description: body.description,
      confidenceThreshold: body.confidence_threshold,
      labelThresholds: body.label_thresholds,
      targetPrecision: body.target_precision,
      labels: body.labels?.map(storedLabel),
    });
    const response: ResponseBody<'updateModel', 200> = presentModel(model);
    res.json(response);
  });

  router.get('/v2/models/:model_id/evaluations', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const version = req.query.version === undefined ? undefined : Number(req.query.version);
    const page = await lifecycle.evaluations(callerOf(res).workspace, modelIdOf(req), request, { version });
    const response: ResponseBody<'listModelEvaluations', 200> = pageEnvelope(page, request, presentEvaluation);
    res.json(response);
  });

  return router;
}
