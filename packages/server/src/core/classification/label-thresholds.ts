// The cut-off each label's top predictions must clear to be decided without review, and the decision for one text.
import { clearsCutoff } from '../training/label-cutoffs.js';
import { ownValue } from '../shared/own-value.js';
import type { Model } from '../shared/types.js';
import { multiLabelCutoffs } from './multi-label-cutoffs.js';
import { topPrediction } from './predictions.js';

/** Whether a text's top label clears its label's cut-off (cut-offs never drop or rescale predictions). */
export interface Decision {
  label: string;
  confidence: number;
  threshold: number;
  decided: boolean;
}

type ThresholdSource = Pick<Model, 'labels' | 'config' | 'metrics' | 'confidenceThreshold'>;

const memo = new WeakMap<ThresholdSource, Record<string, number>>();

/**
 * THE rule for a label's effective cut-off: the one the user set in the version's `label_thresholds`, else the one
 * its training fitted to `target_precision` (`metrics.cutoffs`; for a multi-label model the per-label cut-off its
 * training or evaluation fitted, else 0.5), else the model's `confidence_threshold`. A text is
 * decided when its top confidence is at or above its top label's cut-off; a cut-off of 1 never decides.
 */
export function effectiveLabelThresholds(model: ThresholdSource): Record<string, number> {
  const known = memo.get(model);
  if (known) return known;
  const set = model.config.label_thresholds ?? {};
  const fitted = model.metrics.cutoffs ?? {};
  // A multi-label model's fitted cut-offs are its per-label sigmoid cut-offs (multi-label-cutoffs.ts).
  const multiLabel =
    model.config.multi_label === true
      ? multiLabelCutoffs(
          model.config,
          model.labels.map((l) => l.name),
        )
      : undefined;
  const thresholds = Object.fromEntries(
    model.labels.map(({ name }, k) => [
      name,
      multiLabel?.[k] ?? ownValue(set, name) ?? ownValue(fitted, name)?.threshold ?? model.confidenceThreshold,
    ]),
  );
  memo.set(model, thresholds);
  return thresholds;
}

/** The decision for one probability row (in label order): its top label over every label, whatever the filters. */
export function decide(model: Model, probabilities: number[]): Decision {
  const top = topPrediction(model, probabilities);
  const threshold = ownValue(effectiveLabelThresholds(model), top.label) ?? model.confidenceThreshold;
  return { ...top, threshold, decided: clearsCutoff(top.confidence, threshold) };
}
