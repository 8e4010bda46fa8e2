// Classification metrics: accuracy, macro-F1 and per-class precision / recall / F1.
import type { ModelMetrics } from './types.js';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function evaluatePredictions(labels: string[], gold: string[], predicted: string[]): ModelMetrics {
  if (gold.length === 0) return { accuracy: null, f1_macro: null, per_class: {} };
  let correct = 0;
  gold.forEach((g, i) => { if (predicted[i] === g) correct += 1; });
  const perClass: ModelMetrics['per_class'] = {};
  let f1Sum = 0;
  for (const label of labels) {
    let tp = 0, fp = 0, fn = 0;
    gold.forEach((g, i) => {
      const p = predicted[i];
      if (p === label && g === label) tp += 1;
      else if (p === label) fp += 1;
      else if (g === label) fn += 1;
    });
    const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    perClass[label] = { precision: round(precision), recall: round(recall), f1: round(f1) };
    f1Sum += f1;
  }
  return { accuracy: round(correct / gold.length), f1_macro: round(f1Sum / labels.length), per_class: perClass };
}
