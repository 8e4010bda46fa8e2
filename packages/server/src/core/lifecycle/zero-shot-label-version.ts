// A zero-shot version made by new label texts: what it carries over of the calibration fitted for the old texts.
import type { LabelDefinition, Model, ModelConfig, ModelMetrics } from '../shared/types.js';
import { DEFAULT_CUTOFF } from '../classification/multi-label-cutoffs.js';
import { DEFAULT_LOGIT_SCALE, labelTexts } from '../classification/zero-shot.js';

/** A version whose label texts changed has not been measured. */
const UNMEASURED: ModelMetrics = { accuracy: null, f1_macro: null, per_class: {} };

/** The config keys an evaluation fits on a labelled set against the label texts of the version it evaluates. */
const FITTED_ON_LABEL_TEXTS = ['logitScale', 'zeroShotScoring', 'multi_label_cutoffs'] as const;

/**
 * The config and metrics of a zero-shot version whose labels become `labels`. The rule, the scale and a multi-label
 * model's cut-offs were fitted on scores of the old label texts; new texts move every score, so they were never
 * measured on the new version. Its config drops them (it serves the defaults: pooled, scale 20, cut-offs 0.5) and its
 * metrics say so in `calibration_not_fitted` until it is evaluated again. The evaluation texts are not stored, so
 * nothing can refit them here. Texts unchanged keep the config and its metrics: the head is the same.
 */
export function zeroShotLabelVersion(
  model: Pick<Model, 'labels' | 'metrics' | 'version'>,
  labels: readonly LabelDefinition[],
  config: ModelConfig,
): { config: ModelConfig; metrics: ModelMetrics } {
  if (sameTexts(model.labels, labels)) return { config, metrics: model.metrics };
  const fitted = FITTED_ON_LABEL_TEXTS.filter((key) => config[key] !== undefined);
  if (fitted.length === 0) return { config, metrics: UNMEASURED };
  const next: ModelConfig = { ...config };
  for (const key of fitted) delete next[key];
  return {
    config: next,
    metrics: {
      ...UNMEASURED,
      calibration_not_fitted: {
        reason:
          `the label texts changed: the ${fitted.map((key) => DROPPED[key].fitted).join(' and ')} fitted on ` +
          `version ${model.version ?? '?'}'s texts were never measured on these, so this version serves ` +
          `${fitted.map((key) => DROPPED[key].default).join(' and ')} until it is evaluated on a labelled set`,
        examples: 0,
        labels: 0,
      },
    },
  };
}

/** What each dropped key was, and the default served in its place. */
const DROPPED: Record<(typeof FITTED_ON_LABEL_TEXTS)[number], { fitted: string; default: string }> = {
  logitScale: { fitted: 'temperature', default: `the default scale ${DEFAULT_LOGIT_SCALE}` },
  zeroShotScoring: { fitted: 'scoring rule', default: 'the pooled rule' },
  multi_label_cutoffs: { fitted: 'per-label cut-offs', default: `cut-offs of ${DEFAULT_CUTOFF}` },
};

/** Whether every label scores the same weighted texts (its name in words, descriptions, phrases) as before. */
function sameTexts(before: readonly LabelDefinition[], after: readonly LabelDefinition[]): boolean {
  return JSON.stringify(before.map(labelTexts)) === JSON.stringify(after.map(labelTexts));
}
