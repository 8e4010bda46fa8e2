// Compiled by exact-requests.test.ts: each `@ts-expect-error` marks a request the client must refuse at compile time.
import { createTextclassClient } from '../client.js';

const client = createTextclassClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'tc_fixture' });

export async function requests(): Promise<unknown[]> {
  return [
    // What the contract names compiles, answers typed.
    (
      await client.POST('/v2/models/{model_id}/inference', {
        params: { path: { model_id: 1 } },
        body: { texts: ['Where is my parcel?'], max_predictions: 1, label_filter: ['shipping'] },
      })
    ).data?.predictions,
    await client.GET('/v2/models', { params: { query: { limit: 5 } } }),
    await client.GET('/v2/models'),
    await client.POST('/v2/similarity', {
      body: { base_texts: { a: 'refund' }, compare_to_texts: { q: 'money back' }, top_n: 1 },
    }),
    // Maps (additionalProperties) take any key; either dataset id form compiles.
    await client.POST('/v2/dataset/{dataset_id}/item', {
      params: { path: { dataset_id: 'ds_1' } },
      body: { rows: [{ text: 'hello', any_column: 3 }] },
    }),
    await client.POST('/v2/models/inference', {
      body: { texts: ['a'], model_settings: [{ model_id: 1, max_predictions: 2 }] },
    }),
    // A misspelt optional field of a body.
    await client.POST('/v2/models/{model_id}/inference', {
      params: { path: { model_id: 1 } },
      // @ts-expect-error max_prediction is not a field of the inference request
      body: { texts: ['a'], max_prediction: 1 },
    }),
    // A misspelt field nested in an array of objects.
    await client.POST('/v2/models/inference', {
      // @ts-expect-error max_prediction is not a field of a model setting
      body: { texts: ['a'], model_settings: [{ model_id: 1, max_prediction: 2 }] },
    }),
    // A misspelt field of another body.
    await client.POST('/v2/similarity', {
      // @ts-expect-error topn is not a field of the similarity request
      body: { base_texts: { a: 'x' }, compare_to_texts: { b: 'y' }, topn: 1 },
    }),
    // A misspelt query parameter.
    // @ts-expect-error limt is not a query parameter of listModels
    await client.GET('/v2/models', { params: { query: { limt: 5 } } }),
  ];
}
