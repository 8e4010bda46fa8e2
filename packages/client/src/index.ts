// Public API of @textclass/client.
export { createTextclassClient, type TextclassClient, type TextclassClientOptions } from './client.js';
export { classifyAll, type ClassifyAllOptions, type ClassifyAllResult, type ChunkResult } from './classify-all.js';
export { TextclassError, UNKNOWN_ERROR_CODE, type TextclassErrorInit } from './textclass-error.js';
export { bearerAuth } from './auth.js';
export { createRetryingFetch, type FetchFn, type RetryingFetchOptions } from './retrying-fetch.js';
export {
  FALLBACK_RETRY_AFTER_MS,
  parseRetryAfter,
  resolveRetryPolicy,
  retryDelayMs,
  type AttemptOutcome,
  type RetryOptions,
  type RetryPolicy,
} from './retry-policy.js';
export { systemClock, type Clock } from './clock.js';
export { MAX_TEXTS_PER_REQUEST, planChunks } from './chunk-plan.js';
export { mapWithConcurrency } from './concurrency.js';
export { decodeEmbedding, embeddingsOf } from './embeddings.js';
export type {
  EmbeddingsRequest,
  EmbeddingsResponse,
  ErrorBody,
  ErrorCode,
  InferenceRequest,
  InferenceResponse,
  ModelId,
  Prediction,
} from './types.js';
export type { paths, components, operations } from './generated/contract.js';
export {
  verifyWebhook,
  webhookMiddleware,
  WebhookVerificationError,
  type ClassificationCompletedEvent,
  type VerifyWebhookOptions,
  type WebhookErrorCode,
  type WebhookHeaders,
  type WebhookRequestLike,
  type WebhookResponseLike,
} from './webhooks.js';
