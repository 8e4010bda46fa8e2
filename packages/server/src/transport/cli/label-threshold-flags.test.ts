// The --label-threshold flag: label=cut-off pairs, the label being what precedes the last "=".
import { describe, expect, it } from 'vitest';
import { parseLabelThresholds } from './label-threshold-flags.js';

describe('parseLabelThresholds', () => {
  it('turns label=cut-off pairs into an object, and nothing into undefined', () => {
    expect(parseLabelThresholds(['billing=0.8', 'a=b=0.5'])).toEqual({ billing: 0.8, 'a=b': 0.5 });
    expect(parseLabelThresholds([])).toBeUndefined();
  });

  it('refuses a pair without a label or a number, naming the flag', () => {
    for (const bad of ['billing', '=0.8', 'billing=', 'billing=high'])
      expect(() => parseLabelThresholds([bad])).toThrow(/--label-threshold/);
  });
});
