// GET /v2/datasets/{dataset_id}/export: every record with its classifications, as CSV or JSON Lines, streamed.
import { Router, type Request } from 'express';
import { datasetKey } from '../../../core/datasets/dataset-keys.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { EXPORT_MEDIA_TYPES, exportChunks, type ExportFormat } from '../presenters/record-export-format.js';
import type { AppServices } from '../shared/services.js';
import { streamChunks } from '../presenters/stream-chunks.js';

/** `format` wins (the contract allows csv and jsonl only); else the Accept header; else CSV. */
function formatOf(req: Request): ExportFormat {
  const asked = req.query.format;
  if (asked === 'csv' || asked === 'jsonl') return asked;
  return req.accepts([EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.jsonl]) === EXPORT_MEDIA_TYPES.jsonl ? 'jsonl' : 'csv';
}

export function datasetExportRoutes(services: AppServices): Router {
  const router = Router();
  router.get('/v2/datasets/:dataset_id/export', requirePermission('read'), async (req, res) => {
    const format = formatOf(req);
    const { dataset, pages } = await services.datasets.exportRecords(
      callerOf(res).workspace.id,
      String(req.params.dataset_id),
    );
    res.setHeader('Content-Type', `${EXPORT_MEDIA_TYPES[format]}; charset=utf-8`);
    res.setHeader('Content-Disposition', `attachment; filename="${datasetKey(dataset.id)}-records.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    await streamChunks(res, exportChunks(dataset, pages, format));
  });
  return router;
}
