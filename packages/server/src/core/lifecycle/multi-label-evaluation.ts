// A multi-label model measured on a labelled set: its score rows decided against the per-label cut-offs, then scored.
import type { ModelMetrics } from '../shared/types.js';
import { decide } from '../training/fit-multi-label-cutoffs.js';
import { evaluateMultiLabel, toMultiLabelMetrics } from '../training/multi-label-metrics.js';
import { exampleLabels } from './multi-label-examples.js';
import type { LabelledText } from './types.js';

export function evaluateMultiLabelRows(
  rows: readonly (readonly number[])[],
  examples: readonly LabelledText[],
  labels: readonly string[],
  cutoffs: readonly number[],
): ModelMetrics {
  const gold = examples.map((e) => {
    const names = new Set(exampleLabels(e));
    return labels.map((l) => (names.has(l) ? 1 : 0));
  });
  return toMultiLabelMetrics(evaluateMultiLabel(gold, decide(rows, cutoffs), labels), examples.length);
}
