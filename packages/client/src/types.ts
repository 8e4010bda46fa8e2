// Contract types the client's helpers use: single-model inference, embeddings and the error body, from the generated types.
import type { components, paths } from './generated/contract.js';

type SingleModelInference = paths['/v2/models/{model_id}/inference']['post'];

/** Path parameter of a deployed model. */
export type ModelId = SingleModelInference['parameters']['path']['model_id'];
/** Body of POST /v2/models/{model_id}/inference. */
export type InferenceRequest = NonNullable<SingleModelInference['requestBody']>['content']['application/json'];
/** 200 body of POST /v2/models/{model_id}/inference. */
export type InferenceResponse = SingleModelInference['responses'][200]['content']['application/json'];
/** One label with its confidence, as returned per text. */
export type Prediction = InferenceResponse['predictions'][number][number];
/** Body of every error response: `{status, message, error_code, request_id}`. */
export type ErrorBody = components['schemas']['Error'];
/** The closed set of `error_code` values the contract documents. */
export type ErrorCode = components['schemas']['ErrorCode'];

type Embeddings = paths['/v2/embeddings']['post'];
/** Body of POST /v2/embeddings. */
export type EmbeddingsRequest = NonNullable<Embeddings['requestBody']>['content']['application/json'];
/** 200 body of POST /v2/embeddings. */
export type EmbeddingsResponse = Embeddings['responses'][200]['content']['application/json'];
