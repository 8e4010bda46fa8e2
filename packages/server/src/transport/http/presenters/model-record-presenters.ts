// A model's training examples and evaluations → the contract's JSON shapes.
import { datasetKey } from '../../../core/datasets/dataset-keys.js';
import type { ModelExample } from '../../../core/lifecycle/types.js';
import type { ModelEvaluation } from '../../../core/ports/model-records.js';
import type { ResponseBody } from './wire.js';

type ExampleBody = ResponseBody<'listModelExamples', 200>['data'][number];
type EvaluationBody = ResponseBody<'listModelEvaluations', 200>['data'][number];

export function presentExample(example: ModelExample): ExampleBody {
  return {
    id: example.id,
    text: example.text,
    label: example.label,
    labels: example.labels ?? null,
    source: example.source,
    created_at: example.createdAt.toISOString(),
  };
}

export function presentEvaluation(evaluation: ModelEvaluation): EvaluationBody {
  return {
    id: evaluation.id,
    model_id: evaluation.modelId,
    version: evaluation.version,
    metrics: evaluation.metrics,
    source: evaluation.source,
    dataset_id: evaluation.datasetId === null ? null : datasetKey(evaluation.datasetId),
    created_at: evaluation.createdAt.toISOString(),
  };
}
