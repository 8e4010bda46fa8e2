// Upload endpoints: a CSV or JSON Lines body streamed to the upload service (202), and the upload's progress.
import { Router, type Request } from 'express';
import { datasetKey } from '../../../core/datasets/dataset-keys.js';
import type { Upload, UploadFormat } from '../../../core/ports/uploads.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import type { AppServices } from '../shared/services.js';
import type { ResponseBody } from '../presenters/wire.js';

type UploadBody = ResponseBody<'getDatasetUpload', 200>;

export function presentUpload(upload: Upload): UploadBody {
  return {
    id: `up_${upload.id}`,
    dataset_id: datasetKey(upload.datasetId),
    status: upload.status,
    rows_received: upload.rowsReceived,
    rows_stored: upload.rowsStored,
    bytes_received: upload.bytesReceived,
    error: upload.error,
    created_at: upload.createdAt.toISOString(),
    completed_at: upload.completedAt?.toISOString() ?? null,
  };
}

/** The largest declared body whose unread rest is drained after an error answer instead of closing the connection. */
const DRAINED_REST_MAX_BYTES = 8 * 1024 * 1024;

/** The contract has already refused other media types (400). */
const formatOf = (req: Request): UploadFormat => (req.is('text/csv') ? 'csv' : 'jsonl');

export function uploadRoutes(services: AppServices): Router {
  const router = Router();
  const { uploads } = services;

  router.post('/v2/datasets/:dataset_id/uploads', requirePermission('write_rows'), async (req, res) => {
    const length = req.headers['content-length'];
    try {
      const upload = await uploads.receive(callerOf(res).workspace.id, String(req.params.dataset_id), {
        format: formatOf(req),
        contentEncoding: req.headers['content-encoding'],
        contentLength: length === undefined ? undefined : Number(length),
        body: req,
      });
      res.status(202).json(presentUpload(upload));
    } catch (err) {
      if (!req.complete && !res.headersSent) {
        // A client still sending reads the error answer only if the server reads what it sends: closing a socket
        // with unread bytes resets the connection, and the answer is lost. A rest of known, modest size is read and
        // dropped (the connection then serves the next request); a larger or unknown one closes after the answer.
        if (length !== undefined && Number(length) <= DRAINED_REST_MAX_BYTES) req.resume();
        else res.setHeader('Connection', 'close');
      }
      throw err;
    }
  });

  router.get('/v2/datasets/:dataset_id/uploads', requirePermission('read'), async (req, res) => {
    const request = pageRequest(req);
    const page = await uploads.list(callerOf(res).workspace.id, String(req.params.dataset_id), request);
    const response: ResponseBody<'listDatasetUploads', 200> = pageEnvelope(page, request, presentUpload);
    res.json(response);
  });

  router.get('/v2/datasets/:dataset_id/uploads/:upload_id', requirePermission('read'), async (req, res) => {
    const uploadId = String(req.params.upload_id).replace(/^up_/, '');
    res.json(presentUpload(await uploads.get(callerOf(res).workspace.id, String(req.params.dataset_id), uploadId)));
  });

  return router;
}
