// Classification metrics by label name: accuracy, macro-F1 and per-class precision / recall / F1 (a Model's metrics).
import { evaluate, toModelMetrics } from './evaluation.js';
import type { ModelMetrics } from '../shared/types.js';

/** Gold and predicted label names; a name outside `labels` counts as a wrong answer. */
export function evaluatePredictions(labels: string[], gold: string[], predicted: string[]): ModelMetrics {
  const index = new Map(labels.map((label, i) => [label, i]));
  const indexOf = (name: string | undefined) => index.get(name ?? '') ?? -1;
  return toModelMetrics(evaluate(gold.map(indexOf), predicted.map(indexOf), labels));
}
