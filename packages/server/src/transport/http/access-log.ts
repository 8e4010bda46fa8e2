// One log line per finished request: id, method, path, status, time, workspace and key id; never headers or bodies.
import type { RequestHandler } from 'express';
import type { Logger } from '../../adapters/observability/logger.js';
import { contextOf, elapsedMs } from './context.js';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      const { requestId, caller } = contextOf(res);
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: elapsedMs(res),
          workspaceId: caller?.workspace.id,
          keyId: caller?.key.id,
        },
        'request',
      );
    });
    next();
  };
}
