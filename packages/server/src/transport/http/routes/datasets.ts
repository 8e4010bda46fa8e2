// Dataset endpoints: create / list / get, row ingestion (item and records) and record listing.
import { Router } from 'express';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import { presentDataset, presentRecord } from '../presenters/presenters.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';
import { recordFilter } from './record-filter.js';

export function datasetRoutes(services: AppServices): Router {
  const router = Router();
  const { datasets } = services;
  const workspaceId = (res: Parameters<typeof callerOf>[0]) => callerOf(res).workspace.id;

  router.post('/v2/datasets', requirePermission('admin'), async (req, res) => {
    const body = bodyOf<'createDataset'>(req);
    const dataset = await datasets.create(workspaceId(res), {
      name: body.name,
      columns: body.columns,
      textColumn: body.text_column,
      modelIds: body.model_ids ?? [],
    });
    res.status(201).json(presentDataset(dataset));
  });

  router.get('/v2/datasets', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const response: ResponseBody<'listDatasets', 200> = pageEnvelope(
      await datasets.list(workspaceId(res), request),
      request,
      presentDataset,
    );
    res.json(response);
  });

  router.get('/v2/datasets/:dataset_id', requirePermission('read'), async (req, res) => {
    res.json(presentDataset(await datasets.get(workspaceId(res), String(req.params.dataset_id))));
  });

  router.get('/v2/datasets/:dataset_id/records', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const page = await datasets.listRecords(
      workspaceId(res),
      String(req.params.dataset_id),
      request,
      recordFilter(req),
    );
    const response: ResponseBody<'listDatasetRecords', 200> = pageEnvelope(page, request, presentRecord);
    res.json(response);
  });

  router.post('/v2/datasets/:dataset_id/records', requirePermission('write_rows'), async (req, res) => {
    const body = bodyOf<'pushDatasetRecord'>(req);
    const record = await datasets.pushRecord(
      workspaceId(res),
      String(req.params.dataset_id),
      body as Record<string, unknown>,
    );
    res.status(201).json(presentRecord(record));
  });

  router.post('/v2/dataset/:dataset_id/item', requirePermission('write_rows'), async (req, res) => {
    const body = bodyOf<'addDatasetItems'>(req);
    await datasets.addRows(
      workspaceId(res),
      String(req.params.dataset_id),
      body.rows as Array<Record<string, unknown>>,
    );
    const response: ResponseBody<'addDatasetItems', 200> = { status: 'success' };
    res.json(response);
  });

  return router;
}
