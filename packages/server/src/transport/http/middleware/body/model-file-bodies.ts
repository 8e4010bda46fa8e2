// Body parsers of the model file endpoints (examples, evaluations, import): CSV and JSON Lines as text, JSON up to 32 MiB.
import express, { Router, type Request, type RequestHandler } from 'express';
import { acceptedContentEncoding, jsonBody } from '@textclass/contract-checks';

/** Example files and export files may be larger than the 1 MiB of ordinary requests. */
export const MODEL_FILE_LIMIT_BYTES = 32 * 1024 * 1024;
const FILE_PATHS = ['/v2/models/:model_id/examples', '/v2/models/:model_id/evaluations', '/v2/models/import'];

/** Body parsers for the model file endpoints, mounted before the general JSON parser (which then skips the parsed body). */
export function modelFileBodies(): RequestHandler[] {
  const fileTypes = ['text/csv', 'application/x-ndjson'];
  const files = express.raw({ limit: MODEL_FILE_LIMIT_BYTES, type: fileTypes });
  const asText: RequestHandler = (req, _res, next) => {
    // The contract describes file bodies as strings; the raw bytes are kept for the reader.
    if (Buffer.isBuffer(req.body)) {
      (req as Request & { rawFile?: Buffer }).rawFile = req.body;
      req.body = req.body.toString('utf8');
    }
    next();
  };
  const router = Router();
  router.post(FILE_PATHS, ...jsonBody(MODEL_FILE_LIMIT_BYTES), acceptedContentEncoding(fileTypes), files, asText);
  return [router];
}
