// Evaluation of predictions against gold labels (by label index): accuracy, macro-F1, per-class scores and a confusion matrix.
import type { ClassMetrics, ModelMetrics } from '../shared/types.js';

export interface ClassEvaluation extends ClassMetrics {
  /** Gold examples of the class. */
  support: number;
}

export interface Evaluation {
  /** null when there was nothing to evaluate. */
  accuracy: number | null;
  f1_macro: number | null;
  per_class: Record<string, ClassEvaluation>;
  /** Rows: gold label, columns: predicted label, both in label order. */
  confusion_matrix: number[][];
}

const f1Of = (precision: number, recall: number) =>
  precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);

/**
 * Scores predicted label indices against gold ones. An index outside the labels (e.g. −1 for "no answer")
 * counts as a wrong prediction and appears in no column; a class never predicted scores 0, not NaN.
 * Macro-F1 averages over the labels present in the gold labels or the predictions (as scikit-learn does):
 * a label absent from both has no F1 and does not pull the mean down.
 */
export function evaluate(gold: readonly number[], predicted: readonly number[], labels: readonly string[]): Evaluation {
  if (gold.length !== predicted.length)
    throw new Error(`${gold.length} gold labels but ${predicted.length} predictions`);
  const k = labels.length;
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const support = new Array<number>(k).fill(0);
  const predictedCount = new Array<number>(k).fill(0);
  let correct = 0;
  gold.forEach((g, i) => {
    const p = predicted[i] ?? -1;
    const goldKnown = Number.isInteger(g) && g >= 0 && g < k;
    const predictedKnown = Number.isInteger(p) && p >= 0 && p < k;
    if (goldKnown) support[g] = (support[g] ?? 0) + 1;
    if (predictedKnown) predictedCount[p] = (predictedCount[p] ?? 0) + 1;
    if (goldKnown && predictedKnown) (matrix[g] as number[])[p] = ((matrix[g] as number[])[p] ?? 0) + 1;
    if (goldKnown && p === g) correct += 1;
  });
  if (gold.length === 0) return { accuracy: null, f1_macro: null, per_class: {}, confusion_matrix: matrix };
  let f1Sum = 0;
  let present = 0;
  // Built from entries: a label is a customer's word, and `perClass[label] = …` on {} would let "__proto__" replace
  // the object's prototype instead of adding a class.
  const perClass: Record<string, ClassEvaluation> = Object.fromEntries(
    labels.map((label, c) => {
      const tp = (matrix[c] as number[])[c] ?? 0;
      const precision = predictedCount[c] ? tp / (predictedCount[c] as number) : 0;
      const recall = support[c] ? tp / (support[c] as number) : 0;
      const f1 = f1Of(precision, recall);
      if (support[c] || predictedCount[c]) {
        f1Sum += f1;
        present += 1;
      }
      return [label, { precision, recall, f1, support: support[c] ?? 0 }];
    }),
  );
  return {
    accuracy: correct / gold.length,
    f1_macro: present === 0 ? (k === 0 ? null : 0) : f1Sum / present,
    per_class: perClass,
    confusion_matrix: matrix,
  };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** The Model's metrics: accuracy, macro-F1 and per-class precision / recall / F1, rounded to 4 decimals. */
export function toModelMetrics(evaluation: Evaluation): ModelMetrics {
  const perClass: ModelMetrics['per_class'] = Object.fromEntries(
    Object.entries(evaluation.per_class).map(([label, m]) => [
      label,
      { precision: round(m.precision), recall: round(m.recall), f1: round(m.f1) },
    ]),
  );
  return {
    accuracy: evaluation.accuracy === null ? null : round(evaluation.accuracy),
    f1_macro: evaluation.f1_macro === null ? null : round(evaluation.f1_macro),
    per_class: perClass,
  };
}

/** Index of the largest value (the first on ties); 0 for an empty row. */
export function argmax(row: readonly number[]): number {
  return row.reduce((best, p, i) => (p > (row[best] ?? Number.NEGATIVE_INFINITY) ? i : best), 0);
}

/** The predicted label index of each probability row. */
export function argmaxRows(probabilities: readonly number[][]): number[] {
  return probabilities.map(argmax);
}
