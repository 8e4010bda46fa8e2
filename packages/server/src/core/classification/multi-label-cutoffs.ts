// A multi-label model's per-label cut-offs as stored in its config, and the labels a score row gets from them.
import type { Classification, Model, ModelConfig } from '../shared/types.js';

/** Cut-off of a label the config does not name (a zero-shot model, or a version trained before any were fitted). */
export const DEFAULT_CUTOFF = 0.5;

/**
 * The cut-off of each label in `labels` order: the one the user set in `config.label_thresholds`, else the fitted
 * `config.multi_label_cutoffs[label]`, else 0.5.
 */
export function multiLabelCutoffs(config: ModelConfig, labels: readonly string[]): number[] {
  const cutoffIn = (stored: unknown, label: string): number | undefined => {
    const table = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
    const value = Object.hasOwn(table, label) ? table[label] : undefined;
    return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
  };
  return labels.map(
    (label) =>
      cutoffIn(config.label_thresholds, label) ?? cutoffIn(config.multi_label_cutoffs, label) ?? DEFAULT_CUTOFF,
  );
}

/** The labels whose score reaches their cut-off, highest score first (ties in label order). */
export function labelsAboveCutoffs(
  labels: readonly string[],
  scores: readonly number[],
  cutoffs: readonly number[],
): string[] {
  return labels
    .map((label, k) => ({ label, k, score: scores[k] ?? 0 }))
    .filter((x) => x.score >= (cutoffs[x.k] ?? DEFAULT_CUTOFF))
    .sort((a, b) => b.score - a.score || a.k - b.k)
    .map((x) => x.label);
}

/** A record's classification by a model: its top label, plus, for a multi-label model, every label over its cut-off. */
export function recordClassification(model: Model, scores: readonly number[], top: Classification): Classification {
  if (model.config.multi_label !== true) return top;
  const names = model.labels.map((l) => l.name);
  return { ...top, labels: labelsAboveCutoffs(names, scores, multiLabelCutoffs(model.config, names)) };
}
