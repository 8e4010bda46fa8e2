// Model lifecycle endpoints (admin; reads for readers): create, examples, training jobs, versions, deploy / archive / rollback, evaluations, suggestions, export / import, delete.
import { Router, type Request } from 'express';
import { parseDatasetKey } from '../../../core/datasets/dataset-keys.js';
import { DomainError, invalid } from '../../../core/shared/domain-errors.js';
import type { ModelExportFile } from '../../../core/lifecycle/types.js';
import type { ExampleInput } from '../../../core/lifecycle/multi-label-examples.js';
import { storedLabel } from '../../../core/lifecycle/label-checks.js';
import type { Workspace } from '../../../core/shared/types.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { presentSuggestion, presentTrainingJob, presentVersion } from '../presenters/lifecycle-presenters.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import { presentModel } from '../presenters/presenters.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, optionalBodyOf, type RequestBody, type ResponseBody } from '../presenters/wire.js';

const modelIdOf = (req: Request): number => Number(req.params.model_id);
/** A query parameter the contract declares as a string (the validator has checked it). */
const queryString = (value: unknown): string => (typeof value === 'string' ? value : '');

export function modelLifecycleRoutes(services: AppServices): Router {
  const router = Router();
  const { lifecycle, transfer, suggestions } = services;

  /** Inline examples or a dataset's labelled rows, as LabelledSetRequest allows (exactly one form). */
  async function labelledSet(
    workspace: Workspace,
    modelId: number,
    body: RequestBody<'evaluateModel'>,
  ): Promise<ExampleInput[]> {
    const inline = body.examples !== undefined;
    const fromDataset = body.dataset_id !== undefined || body.label_column !== undefined;
    if (inline === fromDataset) throw invalid('body', 'give either examples or dataset_id with label_column');
    if (inline) return body.examples!;
    if (body.dataset_id === undefined)
      throw new DomainError('MISSING_REQUIRED_FIELD', 'dataset_id is required with label_column');
    if (body.label_column === undefined)
      throw new DomainError('MISSING_REQUIRED_FIELD', 'label_column is required with dataset_id');
    const model = await lifecycle.get(workspace, modelId);
    return lifecycle.labelledRows(
      workspace,
      parseDatasetKey(String(body.dataset_id)),
      body.label_column,
      model.labels.map((l) => l.name),
      model.config.multi_label === true,
    );
  }

  router.post('/v2/models', requirePermission('admin'), async (req, res) => {
    const body = bodyOf<'createModel'>(req);
    const { model, job } = await lifecycle.create(callerOf(res).workspace, {
      name: body.name,
      type: body.type,
      labels: body.labels.map(storedLabel),
      ...(body.confidence_threshold === undefined ? {} : { confidenceThreshold: body.confidence_threshold }),
      ...(body.label_thresholds === undefined ? {} : { labelThresholds: body.label_thresholds }),
      ...(body.target_precision === undefined ? {} : { targetPrecision: body.target_precision }),
      ...(body.encoder === undefined ? {} : { encoder: body.encoder }),
      ...(body.examples === undefined ? {} : { examples: body.examples }),
      ...(body.llm === undefined ? {} : { llm: body.llm }),
      ...(body.multi_label === undefined ? {} : { multiLabel: body.multi_label }),
    });
    const response: ResponseBody<'createModel', 201> = {
      ...presentModel(model),
      training_job: job ? presentTrainingJob(job) : null,
    };
    res.status(201).json(response);
  });

  router.delete('/v2/models/:model_id', requirePermission('admin'), async (req, res) => {
    await lifecycle.remove(callerOf(res).workspace, modelIdOf(req));
    res.status(204).end();
  });

  router.post('/v2/models/:model_id/examples', requirePermission('admin'), async (req, res) => {
    const workspace = callerOf(res).workspace;
    const raw = (req as Request & { rawFile?: Buffer }).rawFile;
    let examples: ExampleInput[];
    let source = 'api';
    if (raw) {
      const format = req.is('text/csv') ? 'csv' : 'jsonl';
      examples = await services.readLabelledExamples(raw, format);
      source = format;
    } else {
      examples = await labelledSet(workspace, modelIdOf(req), bodyOf<'addModelExamples'>(req));
      if (bodyOf<'addModelExamples'>(req).dataset_id !== undefined) source = 'dataset';
    }
    const result = await lifecycle.addExamples(workspace, modelIdOf(req), examples, source, raw ? 'body' : 'examples');
    const response: ResponseBody<'addModelExamples', 201> = {
      added: result.added,
      examples_per_label: result.counts,
      training_job: result.job ? presentTrainingJob(result.job) : null,
    };
    res.status(201).json(response);
  });

  router.post('/v2/models/:model_id/training-jobs', requirePermission('admin'), async (req, res) => {
    const job = await lifecycle.train(callerOf(res).workspace, modelIdOf(req), optionalBodyOf<'trainModel'>(req) ?? {});
    res.status(202).json(presentTrainingJob(job));
  });

  router.get('/v2/models/:model_id/training-jobs', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const page = await lifecycle.trainingJobs(callerOf(res).workspace, modelIdOf(req), request);
    const response: ResponseBody<'listTrainingJobs', 200> = pageEnvelope(page, request, presentTrainingJob);
    res.json(response);
  });

  router.get('/v2/models/:model_id/training-jobs/:job_id', requirePermission('read'), async (req, res) => {
    res.json(
      presentTrainingJob(
        await lifecycle.trainingJob(callerOf(res).workspace, modelIdOf(req), String(req.params.job_id)),
      ),
    );
  });

  router.get('/v2/models/:model_id/versions', requirePermission('read'), async (req, res) => {
    const { model, versions } = await lifecycle.versions(callerOf(res).workspace, modelIdOf(req));
    const response: ResponseBody<'listModelVersions', 200> = { data: versions.map((v) => presentVersion(model, v)) };
    res.json(response);
  });

  router.post('/v2/models/:model_id/deploy', requirePermission('admin'), async (req, res) => {
    const body = optionalBodyOf<'deployModel'>(req) ?? {};
    res.json(presentModel(await lifecycle.deploy(callerOf(res).workspace, modelIdOf(req), body.version)));
  });

  router.post('/v2/models/:model_id/archive', requirePermission('admin'), async (req, res) => {
    res.json(presentModel(await lifecycle.archive(callerOf(res).workspace, modelIdOf(req))));
  });

  router.post('/v2/models/:model_id/rollback', requirePermission('admin'), async (req, res) => {
    res.json(presentModel(await lifecycle.rollback(callerOf(res).workspace, modelIdOf(req))));
  });

  router.post('/v2/models/:model_id/evaluations', requirePermission('admin'), async (req, res) => {
    const workspace = callerOf(res).workspace;
    const body = bodyOf<'evaluateModel'>(req);
    const examples = await labelledSet(workspace, modelIdOf(req), body);
    const origin =
      body.dataset_id === undefined
        ? { source: 'examples' as const, datasetId: null }
        : { source: 'dataset' as const, datasetId: parseDatasetKey(String(body.dataset_id)) };
    const metrics: ResponseBody<'evaluateModel', 200> = await lifecycle.evaluate(
      workspace,
      modelIdOf(req),
      examples,
      'examples',
      origin,
    );
    res.json(metrics);
  });

  router.get('/v2/models/:model_id/suggestions', requirePermission('admin'), async (req, res) => {
    const strategy = req.query.strategy === 'entropy' ? 'entropy' : 'margin';
    const result = await suggestions.suggest(
      callerOf(res).workspace,
      modelIdOf(req),
      parseDatasetKey(queryString(req.query.dataset_id)),
      {
        strategy,
        scan: Number(req.query.scan ?? 1000),
        limit: Number(req.query.limit ?? 20),
      },
    );
    const response: ResponseBody<'suggestLabels', 200> = {
      data: result.items.map(presentSuggestion),
      strategy,
      scanned: result.scanned,
    };
    res.json(response);
  });

  router.get('/v2/models/:model_id/export', requirePermission('admin'), async (req, res) => {
    const file = await transfer.exportModel(callerOf(res).workspace, modelIdOf(req));
    const response: ResponseBody<'exportModel', 200> = file;
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="model-${modelIdOf(req)}-v${file.model.version}.textclass.json"`,
    );
    res.json(response);
  });

  router.post('/v2/models/import', requirePermission('admin'), async (req, res) => {
    const name = typeof req.query.name === 'string' ? req.query.name : undefined;
    const model = await transfer.importModel(callerOf(res).workspace, req.body as ModelExportFile, name);
    res.status(201).json(presentModel(model));
  });

  return router;
}
