// Multi-label metrics from 0/1 label decisions: subset accuracy, micro- and macro-F1, hamming loss, per-label precision / recall / F1.
import type { ModelMetrics } from '../shared/types.js';
import type { ClassEvaluation } from './evaluation.js';

export interface MultiLabelEvaluation {
  /** Share of examples whose predicted label set is exactly the gold set; null when nothing was evaluated. */
  subset_accuracy: number | null;
  /** F1 of all (example, label) decisions pooled. */
  f1_micro: number | null;
  /** Mean of the per-label F1 over the labels present in the gold sets or the predictions. */
  f1_macro: number | null;
  /** Share of (example, label) decisions that are wrong. */
  hamming_loss: number | null;
  per_class: Record<string, ClassEvaluation>;
}

const f1Of = (precision: number, recall: number) =>
  precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);

/** `gold[n][k]` and `predicted[n][k]` are 1 when example n carries (is given) label k, else 0. */
export function evaluateMultiLabel(
  gold: readonly (readonly number[])[],
  predicted: readonly (readonly number[])[],
  labels: readonly string[],
): MultiLabelEvaluation {
  if (gold.length !== predicted.length)
    throw new Error(`${gold.length} gold label sets but ${predicted.length} predictions`);
  const k = labels.length;
  const tp = new Array<number>(k).fill(0);
  const fp = new Array<number>(k).fill(0);
  const fn = new Array<number>(k).fill(0);
  let exact = 0;
  let wrong = 0;
  gold.forEach((g, n) => {
    const p = predicted[n] ?? [];
    let same = true;
    for (let c = 0; c < k; c += 1) {
      const isGold = g[c] === 1;
      const isPredicted = p[c] === 1;
      if (isGold && isPredicted) tp[c] = (tp[c] ?? 0) + 1;
      else if (isPredicted) fp[c] = (fp[c] ?? 0) + 1;
      else if (isGold) fn[c] = (fn[c] ?? 0) + 1;
      if (isGold !== isPredicted) {
        same = false;
        wrong += 1;
      }
    }
    if (same) exact += 1;
  });
  const perClass: Record<string, ClassEvaluation> = Object.fromEntries(
    labels.map((label, c) => {
      const t = tp[c] ?? 0;
      const precision = t + (fp[c] ?? 0) === 0 ? 0 : t / (t + (fp[c] ?? 0));
      const recall = t + (fn[c] ?? 0) === 0 ? 0 : t / (t + (fn[c] ?? 0));
      return [label, { precision, recall, f1: f1Of(precision, recall), support: t + (fn[c] ?? 0) }];
    }),
  );
  if (gold.length === 0)
    return { subset_accuracy: null, f1_micro: null, f1_macro: null, hamming_loss: null, per_class: perClass };
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const [allTp, allFp, allFn] = [sum(tp), sum(fp), sum(fn)];
  const f1s = labels.map((_, c) => {
    const t = tp[c] ?? 0;
    return t === 0 ? 0 : (2 * t) / (2 * t + (fp[c] ?? 0) + (fn[c] ?? 0));
  });
  const present = labels.map((_, c) => c).filter((c) => (tp[c] ?? 0) + (fp[c] ?? 0) + (fn[c] ?? 0) > 0);
  return {
    subset_accuracy: exact / gold.length,
    f1_micro: allTp === 0 ? 0 : (2 * allTp) / (2 * allTp + allFp + allFn),
    f1_macro: present.length === 0 ? 0 : sum(present.map((c) => f1s[c] ?? 0)) / present.length,
    hamming_loss: k === 0 ? 0 : wrong / (gold.length * k),
    per_class: perClass,
  };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const roundOrNull = (x: number | null) => (x === null ? null : round(x));

/**
 * The Model's metrics of a multi-label evaluation: `accuracy` is the subset accuracy (exact label set), `f1_macro` the
 * macro-F1 over labels, with `f1_micro`, `subset_accuracy`, `hamming_loss` and per-label scores and support.
 */
export function toMultiLabelMetrics(evaluation: MultiLabelEvaluation, evaluatedOn: number): ModelMetrics {
  const perClass: ModelMetrics['per_class'] = Object.fromEntries(
    Object.entries(evaluation.per_class).map(([label, m]) => [
      label,
      { precision: round(m.precision), recall: round(m.recall), f1: round(m.f1), support: m.support },
    ]),
  );
  if (evaluation.subset_accuracy === null) return { accuracy: null, f1_macro: null, per_class: {} };
  return {
    accuracy: round(evaluation.subset_accuracy),
    f1_macro: roundOrNull(evaluation.f1_macro),
    per_class: perClass,
    evaluated_on: evaluatedOn,
    f1_micro: roundOrNull(evaluation.f1_micro),
    subset_accuracy: round(evaluation.subset_accuracy),
    hamming_loss: roundOrNull(evaluation.hamming_loss),
  };
}
