// A model's decision settings (label_thresholds, target_precision): checked before they are stored in a version's config.
import { DomainError, invalid } from '../shared/domain-errors.js';
import type { LabelDefinition, ModelConfig } from '../shared/types.js';

/** The range a target precision may take: below 0.5 a cut-off decides more wrong than right; 1 is never provable. */
export const TARGET_PRECISION_RANGE = { min: 0.5, max: 0.999 } as const;

export interface DecisionSettings {
  labelThresholds?: Record<string, number> | undefined;
  targetPrecision?: number | undefined;
}

/** Refuses a target precision outside 0.5–0.999; `field` names where it came from. */
export function assertTargetPrecision(value: number, field = 'target_precision'): void {
  const { min, max } = TARGET_PRECISION_RANGE;
  if (!(Number.isFinite(value) && value >= min && value <= max))
    throw invalid(field, `must be a precision between ${min} and ${max}, got ${value}`);
}

/** Refuses cut-offs for labels the model does not have and cut-offs outside [0, 1]; the error names the field. */
export function assertLabelThresholds(labels: LabelDefinition[], thresholds: Record<string, number>): void {
  const known = new Set(labels.map((l) => l.name));
  const unknown = Object.keys(thresholds).filter((label) => !known.has(label));
  if (unknown.length > 0)
    throw invalid(
      'label_thresholds',
      `the model has no label ${unknown.map((l) => `"${l}"`).join(', ')}; cut-offs are set per label of the model`,
    );
  for (const [label, value] of Object.entries(thresholds)) {
    if (typeof value !== 'number' || !(value >= 0 && value <= 1))
      throw invalid(`label_thresholds.${label}`, `a cut-off is a confidence between 0 and 1, got ${String(value)}`);
  }
}

/** Checks the settings and returns them as a version's config keeps them (absent settings stay absent). */
export function decisionConfig(labels: LabelDefinition[], settings: DecisionSettings): Partial<ModelConfig> {
  const config: Partial<ModelConfig> = {};
  if (settings.labelThresholds !== undefined) {
    assertLabelThresholds(labels, settings.labelThresholds);
    config.label_thresholds = { ...settings.labelThresholds };
  }
  if (settings.targetPrecision !== undefined) {
    assertTargetPrecision(settings.targetPrecision);
    config.target_precision = settings.targetPrecision;
  }
  return config;
}

/** An imported version's decision settings pass the same checks, named by where they sit in the file. */
export function assertImportedDecisionSettings(labels: LabelDefinition[], config: Record<string, unknown>): void {
  const thresholds = config.label_thresholds;
  const target = config.target_precision;
  try {
    if (thresholds !== undefined) {
      if (typeof thresholds !== 'object' || thresholds === null || Array.isArray(thresholds))
        throw invalid('label_thresholds', 'must be an object of label name → cut-off');
      assertLabelThresholds(labels, thresholds as Record<string, number>);
    }
    if (target !== undefined) assertTargetPrecision(typeof target === 'number' ? target : Number.NaN);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, `model.config.${error.message}`);
    throw error;
  }
}
