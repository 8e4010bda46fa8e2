// A model's decision settings: cut-offs only for its labels and within [0, 1], a target within 0.5–0.999, each error naming its field.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-errors.js';
import { assertImportedDecisionSettings, decisionConfig } from './decision-settings.js';

const labels = ['billing', 'refund'].map((name) => ({ name, descriptions: [] }));

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('decisionConfig', () => {
  it('keeps what was set and leaves the rest out', () => {
    expect(decisionConfig(labels, {})).toEqual({});
    expect(decisionConfig(labels, { labelThresholds: { billing: 0.8 }, targetPrecision: 0.9 })).toEqual({
      label_thresholds: { billing: 0.8 },
      target_precision: 0.9,
    });
  });

  it('refuses unknown labels, cut-offs outside [0, 1] and targets outside 0.5–0.999, naming the field', () => {
    const unknown = refusal(() => decisionConfig(labels, { labelThresholds: { billing: 0.5, mixed: 0.5 } }));
    expect(unknown.code).toBe('INVALID_PARAMETER');
    expect(unknown.message).toMatch(/^label_thresholds: .*"mixed"/);
    expect(refusal(() => decisionConfig(labels, { labelThresholds: { refund: 1.01 } })).message).toMatch(
      /^label_thresholds\.refund: /,
    );
    for (const targetPrecision of [0.49, 1, Number.NaN])
      expect(refusal(() => decisionConfig(labels, { targetPrecision })).message).toMatch(/^target_precision: /);
    expect(decisionConfig(labels, { targetPrecision: 0.999 })).toEqual({ target_precision: 0.999 });
  });
});

describe('assertImportedDecisionSettings', () => {
  it('checks an imported config the same way, naming the place in the file', () => {
    expect(() => assertImportedDecisionSettings(labels, { encoder: 'e' })).not.toThrow();
    expect(refusal(() => assertImportedDecisionSettings(labels, { label_thresholds: { x: 0.5 } })).message).toMatch(
      /^model\.config\.label_thresholds: /,
    );
    expect(refusal(() => assertImportedDecisionSettings(labels, { label_thresholds: [0.5] })).message).toMatch(
      /^model\.config\.label_thresholds: /,
    );
    expect(refusal(() => assertImportedDecisionSettings(labels, { target_precision: '0.9' })).message).toMatch(
      /^model\.config\.target_precision: /,
    );
  });
});
