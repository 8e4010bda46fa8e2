// A zero-shot model calibrated on an evaluation set: the rule and temperature fitted on every text, the ECE measured out of fold.
import { describe, expect, it } from 'vitest';
import { expectedCalibrationError, reliabilityTable } from '../training/calibration.js';
import { stratifiedFolds } from '../training/folds.js';
import { chooseZeroShotScoring } from './zero-shot-scoring-choice.js';
import { calibrateZeroShotOnSet, CROSS_FIT_FOLDS, MIN_CROSS_FIT_TEXTS } from './zero-shot-set-calibration.js';
import { DEFAULT_LOGIT_SCALE, scoreEmbedding, type LabelPrototypes } from './zero-shot.js';
import { axis, combine } from './testing/unit-vectors.js';

// Three labels, one text each; every labelled text leans towards its label's text, some towards another label's.
const prototypes: LabelPrototypes = { labels: ['a', 'b', 'c'], prototypes: [[axis(0)], [axis(1)], [axis(2)]] };
function labelled(n: number) {
  const gold = Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][i % 3] as string);
  const embeddings = gold.map((label, i) => {
    const own = axis(['a', 'b', 'c'].indexOf(label));
    const other = axis((['a', 'b', 'c'].indexOf(label) + 1 + (i % 2)) % 3);
    // Texts overlap: every fifth leans more towards another label than its own.
    const lean = i % 5 === 0 ? 1.2 : 0.4 + 0.1 * Math.sin(i);
    return combine([1, own], [lean, other], [0.6, axis(3 + (i % 5))]);
  });
  return { embeddings, gold };
}
const servedRows = (embeddings: Float32Array[]) =>
  embeddings.map((e) => scoreEmbedding(prototypes, e, DEFAULT_LOGIT_SCALE));
const ece = (rows: number[][], gold: string[]) =>
  expectedCalibrationError(
    reliabilityTable(
      rows,
      gold.map((l) => prototypes.labels.indexOf(l)),
    ),
  );

describe('calibrateZeroShotOnSet', () => {
  it('serves the rule and scale fitted on every text and measures them out of fold over 5 folds', () => {
    const { embeddings, gold } = labelled(45);
    const served = servedRows(embeddings);
    const result = calibrateZeroShotOnSet(prototypes, embeddings, gold, served);
    if (!result.fitted) throw new Error('expected a fit');
    const all = chooseZeroShotScoring(prototypes, embeddings, gold);
    expect(result).toMatchObject({ scoring: all.scoring, logitScale: all.logitScale });
    expect(result.logitScale).not.toBeCloseTo(DEFAULT_LOGIT_SCALE, 1);
    const report = result.calibration;
    expect(report).toMatchObject({
      method: 'temperature',
      fitted_on: 'evaluation-set',
      measured_on: 'out-of-fold',
      folds: CROSS_FIT_FOLDS,
      examples: 45,
    });
    expect(report.temperature).toBeCloseTo(1 / all.logitScale, 4);
    expect(report.zero_shot_scoring).toMatchObject({ chosen: all.scoring, examples: 45 });
    // Before: the confidences served until now; after: each fold scored by the fit on the other folds.
    expect(report.ece_before).toBeCloseTo(ece(served, gold)!, 4);
    const folds = stratifiedFolds(
      gold.map((l) => prototypes.labels.indexOf(l)),
      CROSS_FIT_FOLDS,
      1,
    );
    const outOfFold = embeddings.map((e, i) => {
      const rest = folds.flatMap((f, j) => (f === folds[i] ? [] : [j]));
      const fit = chooseZeroShotScoring(
        prototypes,
        rest.map((j) => embeddings[j]!),
        rest.map((j) => gold[j]!),
      );
      return scoreEmbedding(prototypes, e, fit.logitScale, fit.scoring);
    });
    const inSample = embeddings.map((e) => scoreEmbedding(prototypes, e, all.logitScale, all.scoring));
    expect(report.ece_after).toBeCloseTo(ece(outOfFold, gold)!, 4);
    expect(report.ece_after).not.toBeCloseTo(ece(inSample, gold)!, 4);
    expect(report.ece_after!).toBeLessThan(report.ece_before!);
    // The evaluation's accuracy and F1 are measured on the same out-of-fold rows.
    expect(result.measuredOn).toEqual({ measured_on: 'out-of-fold', folds: CROSS_FIT_FOLDS });
    expect(result.rows).toEqual(outOfFold);
    expect(report.reliability.reduce((s, b) => s + b.count, 0)).toBe(45);
  });

  it(`measures on the set itself, and says so, between 12 and ${MIN_CROSS_FIT_TEXTS - 1} texts`, () => {
    const { embeddings, gold } = labelled(MIN_CROSS_FIT_TEXTS - 1);
    const result = calibrateZeroShotOnSet(prototypes, embeddings, gold, servedRows(embeddings));
    if (!result.fitted) throw new Error('expected a fit');
    expect(result.calibration).toMatchObject({ fitted_on: 'evaluation-set', measured_on: 'evaluation-set' });
    expect(result.calibration).not.toHaveProperty('folds');
    const inSample = embeddings.map((e) => scoreEmbedding(prototypes, e, result.logitScale, result.scoring));
    expect(result.calibration.ece_after).toBeCloseTo(ece(inSample, gold)!, 4);
    expect(result.measuredOn).toEqual({ measured_on: 'evaluation-set' });
    expect(result.rows).toEqual(inSample);
  });

  it('fits nothing and says why under 12 texts or 2 labels', () => {
    const few = labelled(11);
    expect(calibrateZeroShotOnSet(prototypes, few.embeddings, few.gold, servedRows(few.embeddings))).toEqual({
      fitted: false,
      notFitted: { reason: expect.stringMatching(/at least 12 .*has 11 texts of 3 labels/), examples: 11, labels: 3 },
    });
    const many = labelled(30);
    const one = calibrateZeroShotOnSet(
      prototypes,
      many.embeddings,
      many.gold.map(() => 'a'),
      servedRows(many.embeddings),
    );
    expect(one).toMatchObject({ fitted: false, notFitted: { examples: 30, labels: 1 } });
    if (!one.fitted) expect(one.notFitted.reason).toMatch(/30 texts of 1 label,/);
  });
});
