// Per-label cut-offs fitted to a target precision: monotone cases, ties, the small-sample guard, unreachable and never-predicted labels.
import { describe, expect, it } from 'vitest';
import { clearsCutoff, CUTOFF_WILSON_Z, fitLabelCutoffs, wilsonLowerBound } from './label-cutoffs.js';

const labels = ['billing', 'refund', 'shipping'];

/** One out-of-fold text: predicted `top` with `confidence` (the rest shared by the other labels), gold `gold`. */
interface Text {
  top: number;
  confidence: number;
  gold: number;
}

function rows(texts: Text[]): { probabilities: number[][]; gold: number[] } {
  return {
    probabilities: texts.map(({ top, confidence }) =>
      labels.map((_, i) => (i === top ? confidence : (1 - confidence) / (labels.length - 1))),
    ),
    gold: texts.map((t) => t.gold),
  };
}

/** `count` texts predicted as `top`, confidences stepping down from `from` by `step`, right unless listed in `wrong`. */
function run(top: number, count: number, from: number, step: number, wrong: number[] = []): Text[] {
  return Array.from({ length: count }, (_, i) => ({
    top,
    confidence: Math.round((from - i * step) * 1e6) / 1e6,
    gold: wrong.includes(i) ? (top + 1) % labels.length : top,
  }));
}

function fit(texts: Text[], target: number, z?: number) {
  const { probabilities, gold } = rows(texts);
  return fitLabelCutoffs(probabilities, gold, labels, target, z);
}

describe('wilsonLowerBound', () => {
  it('is below the plain proportion, rises with the sample, and is 0 with no sample', () => {
    expect(wilsonLowerBound(0, 0, 1)).toBe(0);
    expect(wilsonLowerBound(9, 9, 1)).toBeCloseTo(0.9, 10);
    expect(wilsonLowerBound(8, 8, 1)).toBeCloseTo(8 / 9, 10);
    expect(wilsonLowerBound(18, 20, 1)).toBeLessThan(0.9);
    expect(wilsonLowerBound(180, 200, 1)).toBeGreaterThan(wilsonLowerBound(18, 20, 1));
    expect(wilsonLowerBound(5, 10, 0)).toBe(0.5);
  });
});

describe('fitLabelCutoffs', () => {
  it('in a monotone case picks the lowest confidence whose decided texts still reach the target', () => {
    // 30 billing texts from 0.99 down by 0.01: the 20 most confident right, then every other one wrong.
    const texts = run(0, 30, 0.99, 0.01, [20, 22, 24, 26, 28]);
    const { cutoffs } = fit(texts, 0.9);
    // Scanning down: the lowest cut-off where the Wilson bound of right/decided is still ≥ 0.9.
    let expected = 1;
    for (let n = 1; n <= 30; n += 1) {
      const right = texts.slice(0, n).filter((t) => t.gold === t.top).length;
      if (wilsonLowerBound(right, n, CUTOFF_WILSON_Z) >= 0.9) expected = texts[n - 1]!.confidence;
    }
    expect(expected).toBeLessThan(1);
    expect(cutoffs.billing?.threshold).toBe(expected);
    expect(cutoffs.billing?.target_met).toBe(true);
    const decided = texts.filter((t) => t.confidence >= expected);
    expect(cutoffs.billing?.coverage).toBeCloseTo(decided.length / 30, 6);
    expect(cutoffs.billing?.expected_precision).toBeCloseTo(
      decided.filter((t) => t.gold === t.top).length / decided.length,
      6,
    );
    expect(cutoffs.billing?.predicted).toBe(30);
    // With every text right, the lowest confidence seen decides them all.
    const clean = fit(run(1, 12, 0.95, 0.02), 0.9).cutoffs.refund;
    expect(clean).toEqual({ threshold: 0.73, expected_precision: 1, coverage: 1, predicted: 12, target_met: true });
  });

  it('never splits texts of equal confidence: a tie is decided or left together', () => {
    // 12 right refund texts at 0.95 … 0.73, then 4 at exactly 0.7 of which 2 are wrong.
    const texts = [
      ...run(1, 12, 0.95, 0.02),
      ...[0, 1, 2, 3].map((i) => ({ top: 1, confidence: 0.7, gold: i < 2 ? 1 : 2 })),
    ];
    const { cutoffs } = fit(texts, 0.9);
    // 14 of 16 is 0.875 even before the guard: the tie at 0.7 stays out as a whole.
    expect(cutoffs.refund?.threshold).toBe(0.73);
    expect(cutoffs.refund?.coverage).toBeCloseTo(12 / 16, 6);
    // When the tie is all right, it comes in as a whole.
    const allRight = fit(
      [...run(1, 12, 0.95, 0.02), ...[0, 1, 2, 3].map(() => ({ top: 1, confidence: 0.7, gold: 1 }))],
      0.9,
    );
    expect(allRight.cutoffs.refund?.threshold).toBe(0.7);
    expect(allRight.cutoffs.refund?.coverage).toBe(1);
  });

  it('a label never predicted gets the cut-off of every label together, deciding none of its own texts', () => {
    const { cutoffs } = fit([...run(0, 10, 0.99, 0.01), ...run(1, 10, 0.99, 0.01)], 0.9);
    // All 20 texts are right: together they reach the target down to the lowest confidence, 0.9.
    expect(cutoffs.shipping).toEqual({
      threshold: 0.9,
      expected_precision: null,
      coverage: 0,
      predicted: 0,
      target_met: true,
    });
  });

  it('a label with few texts of its own borrows the cut-off of all labels; one doing better goes lower', () => {
    // Refund: 4 texts, the second wrong. Alone it reaches 0.9 only at its first text (0.95).
    const refund = [0.95, 0.9, 0.85, 0.8].map((confidence, i) => ({ top: 1, confidence, gold: i === 1 ? 2 : 1 }));
    const billing = run(0, 30, 0.99, 0.01);
    expect(fit(refund, 0.9).cutoffs.refund?.threshold).toBe(0.95);
    // Beside 30 right billing texts (down to 0.70), all texts together are 33 of 34 right at 0.70.
    expect(fit([...billing, ...refund], 0.9).cutoffs.refund).toEqual({
      threshold: 0.7,
      expected_precision: 0.75,
      coverage: 1,
      predicted: 4,
      target_met: true,
    });
    // Billing wrong at 0.79, 0.77, 0.75, 0.73, 0.71: all texts together reach 0.9 down to 0.76 (22 of 24).
    const noisyBilling = run(0, 30, 0.99, 0.01, [20, 22, 24, 26, 28]);
    // Shipping, right every time down to 0.51, keeps its own, lower cut-off.
    const shipping = run(2, 10, 0.6, 0.01);
    const { cutoffs } = fit([...noisyBilling, ...shipping], 0.9);
    expect(cutoffs.billing?.threshold).toBe(0.76);
    expect(cutoffs.shipping).toMatchObject({ threshold: 0.51, coverage: 1, expected_precision: 1 });
  });

  it('a label whose predictions are never precise enough gets cut-off 1', () => {
    // Half the shipping predictions wrong at every confidence, the most confident first.
    const texts = run(2, 40, 0.99, 0.01, [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38]);
    const { cutoffs, summary } = fit(texts, 0.9);
    expect(cutoffs.shipping).toMatchObject({ threshold: 1, target_met: false, coverage: 0, expected_precision: null });
    expect(summary).toEqual({ target_precision: 0.9, expected_precision: null, coverage: 0, evaluated_on: 40 });
  });

  it('the Wilson guard when asked for: a few right answers do not make a cut-off, enough of them do', () => {
    // The served rule is the plain proportion (z = 0): one right answer is enough.
    expect(CUTOFF_WILSON_Z).toBe(0);
    expect(fit(run(0, 1, 0.99, 0.01), 0.9).cutoffs.billing?.threshold).toBe(0.99);
    // Two right out of two is precision 1, but its Wilson bound at z = 0.5 (0.889) is under 0.9.
    expect(fit(run(0, 2, 0.99, 0.01), 0.9, 0.5).cutoffs.billing?.target_met).toBe(false);
    // Three right out of three: the bound (0.923) reaches 0.9.
    expect(fit(run(0, 3, 0.99, 0.01), 0.9, 0.5).cutoffs.billing).toMatchObject({ threshold: 0.97, target_met: true });
    // A stricter target needs more: five for 0.95.
    expect(fit(run(0, 4, 0.99, 0.01), 0.95, 0.5).cutoffs.billing?.target_met).toBe(false);
    expect(fit(run(0, 5, 0.99, 0.01), 0.95, 0.5).cutoffs.billing?.target_met).toBe(true);
    // At z = 1 nine are needed (exactly on the bound).
    expect(fit(run(0, 8, 0.99, 0.01), 0.9, 1).cutoffs.billing?.target_met).toBe(false);
    expect(fit(run(0, 9, 0.99, 0.01), 0.9, 1).cutoffs.billing).toMatchObject({ threshold: 0.91, target_met: true });
  });

  it('a higher target never lowers a cut-off', () => {
    const texts = [
      ...run(0, 60, 0.99, 0.008, [30, 35, 38, 41, 44, 47, 50, 52, 54, 56, 58]),
      ...run(1, 40, 0.95, 0.01, [25, 30, 33, 36, 39]),
    ];
    let previous = { billing: 0, refund: 0 };
    for (const target of [0.5, 0.7, 0.8, 0.9, 0.95]) {
      const { cutoffs } = fit(texts, target);
      const now = { billing: cutoffs.billing!.threshold, refund: cutoffs.refund!.threshold };
      expect(now.billing).toBeGreaterThanOrEqual(previous.billing);
      expect(now.refund).toBeGreaterThanOrEqual(previous.refund);
      previous = now;
    }
  });

  it('sums up what the cut-offs decide over every text', () => {
    const texts = [...run(0, 20, 0.99, 0.01, [15, 17, 19]), ...run(1, 10, 0.6, 0.01, [0, 1, 2, 3, 4])];
    const { cutoffs, summary } = fit(texts, 0.9);
    // Refund never reaches 0.9 alone; all texts together do down to 0.83 (16 of 17), above every refund text.
    expect(cutoffs.refund).toMatchObject({ threshold: 0.83, coverage: 0, expected_precision: null });
    const decided = texts.filter((t) => t.top === 0 && clearsCutoff(t.confidence, cutoffs.billing!.threshold));
    expect(summary.coverage).toBeCloseTo(decided.length / 30, 6);
    expect(summary.expected_precision).toBeCloseTo(decided.filter((t) => t.gold === 0).length / decided.length, 6);
    expect(summary.evaluated_on).toBe(30);
    expect(summary.target_precision).toBe(0.9);
  });

  it('compares confidences as the service reports them, and still decides a confidence of 1', () => {
    // Confidences that round to 1 at six decimals: the cut-off is the highest one that decides anything.
    const sure = Array.from({ length: 10 }, () => ({ top: 0, confidence: 0.9999999, gold: 0 }));
    const { cutoffs } = fit(sure, 0.9);
    expect(cutoffs.billing).toMatchObject({ threshold: 0.999999, target_met: true, coverage: 1 });
    expect(clearsCutoff(1, 0.999999)).toBe(true);
    expect(clearsCutoff(1, 1)).toBe(false);
    expect(clearsCutoff(0.5, 0.5)).toBe(true);
    expect(clearsCutoff(0.4999, 0.5)).toBe(false);
  });

  it('refuses rows that do not match the gold labels, and a target outside (0, 1]', () => {
    expect(() => fitLabelCutoffs([[1, 0, 0]], [], labels, 0.9)).toThrow(RangeError);
    expect(() => fitLabelCutoffs([], [], labels, 0)).toThrow(RangeError);
    expect(fitLabelCutoffs([], [], labels, 0.9).summary).toEqual({
      target_precision: 0.9,
      expected_precision: null,
      coverage: 0,
      evaluated_on: 0,
    });
  });
});
