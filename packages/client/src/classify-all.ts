// Classifies any number of texts with one model: requests of 8, bounded concurrency, answers in input order.
import type { TextclassClient } from './client.js';
import { planChunks } from './chunk-plan.js';
import { mapWithConcurrency } from './concurrency.js';
import { TextclassError } from './textclass-error.js';
import type { InferenceRequest, ModelId, Prediction } from './types.js';

/** Options of classifyAll: the per-request settings of the endpoint, plus how many requests run at once. */
export interface ClassifyAllOptions {
  max_predictions?: InferenceRequest['max_predictions'];
  label_filter?: InferenceRequest['label_filter'];
  /** Requests in flight at once (default 2). */
  concurrency?: number;
  /** Aborts every pending request. */
  signal?: AbortSignal;
}

/** What one request answered for its chunk of the input. */
export interface ChunkResult {
  /** Indices into the input texts that this request classified. */
  indices: number[];
  /** Language the service detected for the request as a whole. */
  text_language: string;
  processing_time_ms: number;
}

/** Predictions per input text (same order and length as the input) and the per-request details. */
export interface ClassifyAllResult {
  predictions: Prediction[][];
  chunks: ChunkResult[];
}

/**
 * Classifies `texts` with model `modelId`. An empty input makes no request. The first error response
 * that survives the client's retries aborts the remaining requests and is thrown as a TextclassError;
 * a network error that survives them is thrown as it is.
 */
export async function classifyAll(
  client: TextclassClient,
  modelId: ModelId,
  texts: readonly string[],
  options: ClassifyAllOptions = {},
): Promise<ClassifyAllResult> {
  const plan = planChunks(texts);
  const predictions = new Array<Prediction[]>(texts.length);
  const failure = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failure.signal]) : failure.signal;
  const settings = {
    ...(options.max_predictions !== undefined && { max_predictions: options.max_predictions }),
    ...(options.label_filter !== undefined && { label_filter: options.label_filter }),
  };

  const classifyChunk = async (indices: number[]): Promise<ChunkResult> => {
    const { data, error, response } = await client.POST('/v2/models/{model_id}/inference', {
      params: { path: { model_id: modelId } },
      body: { texts: indices.map((index) => texts[index]!), ...settings },
      signal,
    });
    if (!response.ok || data === undefined) throw TextclassError.fromResponse(error, response);
    if (data.predictions.length !== indices.length) {
      throw new Error(`model ${modelId} returned ${data.predictions.length} predictions for ${indices.length} texts`);
    }
    indices.forEach((textIndex, k) => {
      predictions[textIndex] = data.predictions[k]!;
    });
    return { indices, text_language: data.text_language, processing_time_ms: data.processing_time_ms };
  };

  try {
    const chunks = await mapWithConcurrency(plan, options.concurrency ?? 2, classifyChunk);
    return { predictions, chunks };
  } catch (error) {
    failure.abort(error);
    throw error;
  }
}
