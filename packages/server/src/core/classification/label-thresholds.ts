// The cut-off each label's top predictions must clear to be decided without review, and the decision for one text.
import { clearsCutoff } from '../training/label-cutoffs.js';
import { ownValue } from '../shared/own-value.js';
import type { Model } from '../shared/types.js';
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
 * its training fitted to `target_precision` (`metrics.cutoffs`), else the model's `confidence_threshold`. A text is
 * decided when its top confidence is at or above its top label's cut-off; a cut-off of 1 never decides.
 */
export function effectiveLabelThresholds(model: ThresholdSource): Record<string, number> {
  const known = memo.get(model);
  if (known) return known;
  const set = model.config.label_thresholds ?? {};
  const fitted = model.metrics.cutoffs ?? {};
  const thresholds = Object.fromEntries(
    model.labels.map(({ name }) => [
      name,
      ownValue(set, name) ?? ownValue(fitted, name)?.threshold ?? model.confidenceThreshold,
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
