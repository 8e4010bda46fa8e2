// The request checks with no service behind them (the mock's front): the same validation and error answers as the server's.
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { errorHandler } from './answers/error-mapper.js';
import { openAiErrorBody } from './answers/openai-errors.js';
import { strictPathIds } from './contract/path-ids.js';
import { corsFor } from './middleware/cors.js';
import { jsonBody } from './middleware/json-body.js';
import { checkOpenAiInput } from './middleware/openai-input.js';
import { requestId } from './middleware/request-id.js';
import { contractValidator } from './validator/validator.js';

export interface ContractGate {
  /** The server's CORS policy (off unless origins are given, as TEXTCLASS_CORS_ORIGINS); first, before any key check. */
  cors: RequestHandler;
  /** Request id → strict path ids → JSON body (gzip, byte and depth limits) → contract validation → input rules. */
  checks: Router;
  /** The server's error answers: OpenAI's shape under /v1, the contract's error object elsewhere. */
  errors: ErrorRequestHandler;
}

/** The gate logs no error (the mock prints a line per answered request itself). */
const SILENT = { error: () => undefined };

export function contractGate(options: { bodyLimitBytes?: number; corsOrigins?: readonly string[] } = {}): ContractGate {
  const checks = Router();
  checks.use(
    requestId(),
    strictPathIds(),
    jsonBody(options.bodyLimitBytes ?? 1024 * 1024),
    contractValidator(false),
    checkOpenAiInput,
  );
  const openAi = errorHandler(SILENT, { present: (error) => openAiErrorBody(error) });
  const contract = errorHandler(SILENT);
  const errors: ErrorRequestHandler = (err, req, res, next) =>
    (req.path.startsWith('/v1/') ? openAi : contract)(err, req, res, next);
  return { cors: corsFor(options.corsOrigins ?? []), checks, errors };
}
