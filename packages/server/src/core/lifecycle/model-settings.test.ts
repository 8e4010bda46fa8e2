// updateModel's pure parts: the cut-off settings merged into a config (null or {} removes them), label texts replaced by name.
import { describe, expect, it } from 'vitest';
import type { Model } from '../shared/types.js';
import { mergedLabels, withDecisionSettings } from './model-settings.js';

const labels = [
  { name: 'refund', descriptions: ['money back'] },
  { name: 'shipping', descriptions: ['parcel'] },
];
const model = { id: 7, labels } as Model;

describe('withDecisionSettings', () => {
  const config = { encoder: 'e', label_thresholds: { refund: 0.8 }, target_precision: 0.9 };

  it('changes nothing when neither setting is sent', () => {
    expect(withDecisionSettings(config, labels, {})).toBeUndefined();
  });

  it('replaces the set cut-offs and the target, and removes them with null or {}', () => {
    expect(withDecisionSettings(config, labels, { labelThresholds: { shipping: 0.6 }, targetPrecision: 0.95 })).toEqual(
      {
        encoder: 'e',
        label_thresholds: { shipping: 0.6 },
        target_precision: 0.95,
      },
    );
    expect(withDecisionSettings(config, labels, { labelThresholds: null, targetPrecision: null })).toEqual({
      encoder: 'e',
    });
    expect(withDecisionSettings(config, labels, { labelThresholds: {} })).toEqual({
      encoder: 'e',
      target_precision: 0.9,
    });
  });

  it('refuses a cut-off of no label and a target outside 0.5-0.999, naming the field', () => {
    expect(() => withDecisionSettings(config, labels, { labelThresholds: { returns: 0.5 } })).toThrow(
      /^label_thresholds: .*"returns"/,
    );
    expect(() => withDecisionSettings(config, labels, { targetPrecision: 0.2 })).toThrow(/^target_precision: /);
  });
});

describe('mergedLabels', () => {
  it('replaces the texts of the labels named and keeps the others, in the model order', () => {
    expect(mergedLabels(model, [{ name: 'shipping', descriptions: ['delivery', 'courier'] }])).toEqual([
      labels[0],
      { name: 'shipping', descriptions: ['delivery', 'courier'] },
    ]);
  });

  it('refuses a label the model does not have, a label twice and a weight per missing description', () => {
    expect(() => mergedLabels(model, [{ name: 'returns', descriptions: [] }])).toThrow(/^labels\[0\]\.name: "returns"/);
    expect(() =>
      mergedLabels(model, [
        { name: 'refund', descriptions: [] },
        { name: 'refund', descriptions: [] },
      ]),
    ).toThrow(/^labels\[1\]\.name: /);
    expect(() => mergedLabels(model, [{ name: 'refund', descriptions: ['a'], description_weights: [1, 2] }])).toThrow(
      /^labels\[0\]\.description_weights: /,
    );
  });
});
