// One middleware hop for what every request is observed by: its id first, then one `finish` listener for the log and metrics.
import type { Request, RequestHandler, Response } from 'express';
import { assignRequestId } from '@textclass/contract-checks';
import { headerTarget } from '../shared/lane-headers.js';

/** The request id, then `onFinish` in order once the response is finished (one listener, however many observers). */
export function observeRequests(onFinish: ReadonlyArray<(req: Request, res: Response) => void>): RequestHandler {
  return (req, res, next) => {
    // The id goes on the fast lane's collected headers while it collects them.
    assignRequestId(req, res, headerTarget(res));
    res.once('finish', () => {
      for (const observe of onFinish) observe(req, res);
    });
    next();
  };
}
