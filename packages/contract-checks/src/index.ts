// Public API of @textclass/contract-checks: the textclass contract's request checks, mounted by the server and the mock.

// The contract, loaded once.
export { contractPathTemplates } from './contract/contract-document.js';
// Strict path ids (a malformed id is a 400 before any route).
export { strictPathIds } from './contract/path-ids.js';
// express-openapi-validator over the contract, and the self-check of the internals a fast lane may use.
export { contractValidation, type ContractValidation } from './validator/validator.js';
export {
  CHECKED_VALIDATOR_VERSION,
  checkValidatorInternals,
  type CapturedRequestValidator,
  type InternalsCheck,
  type ValidatorInternals,
} from './validator/validator-internals.js';
// Error codes, the code → status map and the error answers.
export { HttpError, type AnswerCode, type AnswerError, type HttpOnlyCode } from './errors/http-error.js';
export {
  STATUS_OF,
  contractErrorBody,
  errorHandler,
  unknownRoute,
  type DomainErrors,
  type ErrorHandlerOptions,
  type ErrorLog,
  type ErrorPresenter,
  type RefusalCounter,
  type RefusalReason,
} from './answers/error-mapper.js';
export { openAiErrorBody, type OpenAiErrorBody } from './answers/openai-errors.js';
// The steps every request passes: its id, CORS, the JSON body, OpenAI's input rule.
export { assignRequestId, requestId, type HeaderSink, type RequestIdentity } from './middleware/request-id.js';
export { corsFor } from './middleware/cors.js';
export { acceptedContentEncoding } from './middleware/content-encoding.js';
export { checkJsonDepth, jsonBody } from './middleware/json-body.js';
export { openAiInputTexts } from './middleware/openai-input.js';
// All of them in front of no service: the mock's front.
export { contractGate, type ContractGate } from './contract-gate.js';
