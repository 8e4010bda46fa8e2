// A model's probability rows turned into what callers see: confidences rounded once, label_filter and max_predictions applied.
import { invalid } from '../shared/domain-errors.js';
import type { Classification, Model } from '../shared/types.js';

export interface Prediction {
  label: string;
  confidence: number;
}

export interface PredictionOptions {
  maxPredictions?: number | undefined;
  labelFilter?: string[] | undefined;
}

/** Confidences are reported to six decimals and never outside [0, 1]. */
export const roundConfidence = (x: number): number => Math.min(1, Math.max(0, Math.round(x * 1e6) / 1e6));

/** Refuses a label_filter that names a label the model does not have; `field` is where the filter came from. */
export function checkLabelFilter(model: Model, options: PredictionOptions, field: string): void {
  const known = new Set(model.labels.map((l) => l.name));
  const unknown = (options.labelFilter ?? []).filter((l) => !known.has(l));
  if (unknown.length > 0) {
    throw invalid(field, `model ${model.id} has no label ${unknown.map((l) => `"${l}"`).join(', ')}`);
  }
}

/** Sorts by confidence, applies label_filter then max_predictions; never rescales. */
export function shapePredictions(model: Model, probabilities: number[], options: PredictionOptions): Prediction[] {
  const filter = options.labelFilter ? new Set(options.labelFilter) : undefined;
  const predictions = model.labels
    .map((label, i) => ({ label: label.name, confidence: roundConfidence(probabilities[i] ?? 0) }))
    .filter((p) => !filter || filter.has(p.label))
    .sort((a, b) => b.confidence - a.confidence || a.label.localeCompare(b.label));
  return options.maxPredictions === undefined ? predictions : predictions.slice(0, options.maxPredictions);
}

/** The most probable label (the first in label order on a tie), with its rounded confidence. */
export function topPrediction(model: Model, probabilities: number[]): Classification {
  let best = 0;
  probabilities.forEach((p, i) => {
    if (p > (probabilities[best] ?? -1)) best = i;
  });
  return { label: model.labels[best]?.name ?? '', confidence: roundConfidence(probabilities[best] ?? 0) };
}
