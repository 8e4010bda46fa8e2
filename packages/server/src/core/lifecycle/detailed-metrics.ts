// A Model's metrics with what a training or an evaluation measured beyond them: per-label support and the confusion matrix.
import type { ModelMetrics } from '../shared/types.js';
import { toModelMetrics, type Evaluation } from '../training/evaluation.js';
import { ownValue } from '../shared/own-value.js';

export function detailedMetrics(evaluation: Evaluation, evaluatedOn: number): ModelMetrics {
  const metrics = toModelMetrics(evaluation);
  if (evaluation.accuracy === null) return metrics;
  for (const [label, m] of Object.entries(metrics.per_class))
    m.support = ownValue(evaluation.per_class, label)?.support ?? 0;
  return { ...metrics, confusion_matrix: evaluation.confusion_matrix, evaluated_on: evaluatedOn };
}
