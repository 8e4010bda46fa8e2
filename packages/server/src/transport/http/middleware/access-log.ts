// One log line per finished request: id, method, path, status, time, workspace and key id; never headers or bodies.
import type { Request, Response } from 'express';
import type { Logger } from '../../../adapters/observability/logger.js';
import { contextOf, elapsedMs } from '../shared/context.js';

/** Writes a finished request's line (call it on the response's `finish`; `observeRequests` does). */
export function accessLogLine(logger: Logger): (req: Request, res: Response) => void {
  return (req, res) => {
    // Under the log level (the access log is `info`) no line object is built.
    if (!logger.isLevelEnabled('info')) return;
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
  };
}
