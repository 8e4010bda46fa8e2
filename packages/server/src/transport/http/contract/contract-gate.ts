// The server's request checks with no service behind them, for the mock: the same validation and error answers as the server.
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { createLogger } from '../../../adapters/observability/logger.js';
import { jsonBody } from '../middleware/body/json-body.js';
import { corsFor } from '../middleware/cors.js';
import { errorHandler } from '../errors/error-mapper.js';
import { openAiErrorBody } from '../errors/openai-errors.js';
import { checkOpenAiInput } from '../middleware/openai-input.js';
import { strictPathIds } from './path-ids.js';
import { requestId } from '../middleware/request-id.js';
import { contractValidator } from './validator.js';

export interface ContractGate {
  /** The server's CORS policy (off unless origins are given, as TEXTCLASS_CORS_ORIGINS); first, before any key check. */
  cors: RequestHandler;
  /** Request id → strict path ids → JSON body (gzip, byte and depth limits) → contract validation → input rules. */
  checks: Router;
  /** The server's error answers: OpenAI's shape under /v1, the contract's error object elsewhere. */
  errors: ErrorRequestHandler;
}

export function contractGate(options: { bodyLimitBytes?: number; corsOrigins?: readonly string[] } = {}): ContractGate {
  const checks = Router();
  checks.use(
    requestId(),
    strictPathIds(),
    jsonBody(options.bodyLimitBytes ?? 1024 * 1024),
    contractValidator(false),
    checkOpenAiInput,
  );
  const logger = createLogger('silent');
  const openAi = errorHandler(logger, { present: (error) => openAiErrorBody(error) });
  const contract = errorHandler(logger);
  const errors: ErrorRequestHandler = (err, req, res, next) =>
    (req.path.startsWith('/v1/') ? openAi : contract)(err, req, res, next);
  return { cors: corsFor(options.corsOrigins ?? []), checks, errors };
}
