// What a zero-shot version made by new label texts keeps of the calibration fitted for the old texts.
import { describe, expect, it } from 'vitest';
import type { LabelDefinition, ModelMetrics } from '../shared/types.js';
import { zeroShotLabelVersion } from './zero-shot-label-version.js';

const labels: LabelDefinition[] = [
  { name: 'refund', descriptions: ['money back'] },
  { name: 'shipping', descriptions: ['a lost parcel'] },
];
const metrics: ModelMetrics = { accuracy: 0.8, f1_macro: 0.8, per_class: {} };
const calibrated = {
  encoder: 'e',
  logitScale: 31,
  zeroShotScoring: 'mean' as const,
  label_thresholds: { refund: 0.6 },
};

describe('zeroShotLabelVersion', () => {
  it('keeps the config and its metrics when every label scores the same weighted texts', () => {
    const same = labels.map((l) => ({ ...l, description_weights: [1], phrases: [] }));
    expect(zeroShotLabelVersion({ labels, metrics, version: 2 }, same, calibrated)).toEqual({
      config: calibrated,
      metrics,
    });
  });

  it('drops what was fitted on the old texts, keeps the settings the user set, and says what it dropped', () => {
    const changed = [{ ...labels[0]!, descriptions: ['a refund of a charge'] }, labels[1]!];
    const next = zeroShotLabelVersion({ labels, metrics, version: 2 }, changed, calibrated);
    expect(next.config).toEqual({ encoder: 'e', label_thresholds: { refund: 0.6 } });
    expect(next.metrics).toEqual({
      accuracy: null,
      f1_macro: null,
      per_class: {},
      calibration_not_fitted: {
        reason:
          "the label texts changed: the temperature and scoring rule fitted on version 2's texts were never measured " +
          'on these, so this version serves the default scale 20 and the pooled rule until it is evaluated on a labelled set',
        examples: 0,
        labels: 0,
      },
    });
    const weighted = [{ ...labels[0]!, description_weights: [2] }, labels[1]!];
    expect(zeroShotLabelVersion({ labels, metrics, version: 2 }, weighted, calibrated).config).not.toHaveProperty(
      'logitScale',
    );
  });

  it('marks a new version of an uncalibrated model unmeasured, with nothing to say', () => {
    const changed = [labels[0]!, { ...labels[1]!, phrases: [{ text: 'where is my order', weight: 1 }] }];
    expect(zeroShotLabelVersion({ labels, metrics, version: 1 }, changed, { encoder: 'e' })).toEqual({
      config: { encoder: 'e' },
      metrics: { accuracy: null, f1_macro: null, per_class: {} },
    });
  });
});
