// A zero-shot multi-label model's per-label cut-offs, calibrated on a labelled set (its evaluation), with cross-fitted metrics.
import type { ModelMetrics } from '../shared/types.js';
import { fitF1Cutoffs } from '../training/fit-multi-label-cutoffs.js';
import { evaluateMultiLabel, toMultiLabelMetrics } from '../training/multi-label-metrics.js';
import { exampleLabels } from './multi-label-examples.js';
import type { LabelledText } from './types.js';

/** Folds of the cross-fitting that measures the calibrated cut-offs on texts they were not fitted on. */
const FOLDS = 3;

/**
 * Fits each label's cut-off to maximise its F1 on the set's scores (a label without positives and negatives there
 * keeps its current cut-off) and measures them honestly: each third of the set is decided with cut-offs fitted on
 * the other two thirds. Below 2 examples per fold, nothing is fitted and the metrics use the current cut-offs.
 */
export function fitZeroShotCutoffs(
  rows: readonly (readonly number[])[],
  examples: readonly LabelledText[],
  labels: readonly string[],
  current: readonly number[],
): { cutoffs: Record<string, number>; metrics: ModelMetrics } {
  const gold = examples.map((e) => {
    const names = new Set(exampleLabels(e));
    return labels.map((l) => (names.has(l) ? 1 : 0));
  });
  const fit = (indices: number[]) => {
    const fitted = fitF1Cutoffs(
      indices.map((i) => rows[i] as number[]),
      indices.map((i) => gold[i] as number[]),
      labels.length,
    );
    // fitF1Cutoffs answers 0.5 for a label it cannot fit; keep the label's current cut-off then.
    return fitted.map((c, k) => {
      const column = indices.map((i) => gold[i]?.[k] ?? 0);
      return column.includes(1) && column.includes(0) ? c : (current[k] ?? 0.5);
    });
  };
  const all = rows.map((_, i) => i);
  if (rows.length < 2 * FOLDS) {
    const decided = rows.map((row) => row.map((s, k) => (s >= (current[k] ?? 0.5) ? 1 : 0)));
    return {
      cutoffs: Object.fromEntries(labels.map((l, k) => [l, current[k] ?? 0.5])),
      metrics: {
        ...toMultiLabelMetrics(evaluateMultiLabel(gold, decided, labels), rows.length),
        measured_on: 'evaluation-set',
      },
    };
  }
  const decided: number[][] = rows.map(() => []);
  for (let f = 0; f < FOLDS; f += 1) {
    const cutoffs = fit(all.filter((i) => i % FOLDS !== f));
    for (const i of all.filter((j) => j % FOLDS === f))
      decided[i] = (rows[i] ?? []).map((s, k) => (s >= (cutoffs[k] ?? 0.5) ? 1 : 0));
  }
  const final = fit(all);
  return {
    cutoffs: Object.fromEntries(labels.map((l, k) => [l, Math.round((final[k] ?? 0.5) * 1e6) / 1e6])),
    metrics: {
      ...toMultiLabelMetrics(evaluateMultiLabel(gold, decided, labels), rows.length),
      measured_on: 'out-of-fold',
      folds: FOLDS,
    },
  };
}
