// A single-label zero-shot model's scoring rule and temperature fitted on a labelled set, its ECE measured out of fold.
import type { CalibrationNotFitted, ModelCalibration } from '../shared/types.js';
import { probabilityCalibrationReport } from '../training/calibration-report.js';
import { MAX_FOLDS, stratifiedFolds } from '../training/folds.js';
import {
  chooseZeroShotScoring,
  MIN_SCORING_CHOICE_LABELS,
  MIN_SCORING_CHOICE_TEXTS,
} from './zero-shot-scoring-choice.js';
import { scoreEmbedding, type LabelPrototypes, type ZeroShotScoring } from './zero-shot.js';

/** Folds of the cross-fitting that measures the calibration on texts it was not fitted on. */
export const CROSS_FIT_FOLDS = MAX_FOLDS;

/** Fewest texts the cross-fitting needs: every fold's other folds then hold MIN_SCORING_CHOICE_TEXTS texts (15). */
export const MIN_CROSS_FIT_TEXTS = Math.ceil((MIN_SCORING_CHOICE_TEXTS * CROSS_FIT_FOLDS) / (CROSS_FIT_FOLDS - 1));

export type ZeroShotSetCalibration =
  | {
      fitted: true;
      scoring: ZeroShotScoring;
      logitScale: number;
      calibration: ModelCalibration;
      /**
       * The probability rows the evaluation's quality figures are measured on, one per labelled text in the set's
       * order (texts whose label is not the model's: under the final fit): out of fold as the calibration's ECE is
       * (`measuredOn`), or in-sample from 12 to MIN_CROSS_FIT_TEXTS − 1 texts.
       */
      rows: number[][];
      measuredOn: { measured_on: 'out-of-fold'; folds: number } | { measured_on: 'evaluation-set' };
    }
  | { fitted: false; notFitted: CalibrationNotFitted };

/**
 * Chooses the scoring rule and fits its temperature on every labelled text (chooseZeroShotScoring), which the version
 * then serves. The report's `ece_before` is of the confidences the version served before (`served`, one probability
 * row per text); `ece_after` and the reliability table are out of fold when there are MIN_CROSS_FIT_TEXTS texts (each
 * fold scored by the rule and temperature chosen on the other folds), else in-sample, which the report says. Fewer
 * than MIN_SCORING_CHOICE_TEXTS texts or MIN_SCORING_CHOICE_LABELS labels fit nothing and say why. The rows it
 * measures on are returned too, so that the evaluation's accuracy and F1 are as out of fold as its ECE: the rule is
 * chosen on the same texts, and scored in-sample they read optimistic.
 */
export function calibrateZeroShotOnSet(
  prototypes: LabelPrototypes,
  embeddings: readonly Float32Array[],
  goldLabels: readonly string[],
  served: readonly (readonly number[])[],
  seed = 1,
): ZeroShotSetCalibration {
  const kept = goldLabels.flatMap((label, i) => {
    const gold = prototypes.labels.indexOf(label);
    return gold < 0
      ? []
      : [{ index: i, embedding: embeddings[i] as Float32Array, gold, label, served: served[i] ?? [] }];
  });
  const labels = new Set(kept.map((r) => r.gold)).size;
  if (kept.length < MIN_SCORING_CHOICE_TEXTS || labels < MIN_SCORING_CHOICE_LABELS)
    return {
      fitted: false,
      notFitted: {
        reason:
          `a zero-shot model's scoring rule and temperature are fitted on at least ${MIN_SCORING_CHOICE_TEXTS} labelled ` +
          `texts of at least ${MIN_SCORING_CHOICE_LABELS} labels; this set has ${kept.length} texts of ${labels} label${labels === 1 ? '' : 's'}, ` +
          `so the version keeps the scoring and scale it served`,
        examples: kept.length,
        labels,
      },
    };
  const vectors = kept.map((r) => r.embedding);
  const names = kept.map((r) => r.label);
  const gold = kept.map((r) => r.gold);
  const final = chooseZeroShotScoring(prototypes, vectors, names);
  const before = kept.map((r) => r.served);
  const crossFitted = kept.length >= MIN_CROSS_FIT_TEXTS;
  const measuredOn = crossFitted
    ? ({ measured_on: 'out-of-fold', folds: CROSS_FIT_FOLDS } as const)
    : ({ measured_on: 'evaluation-set' } as const);
  const after = crossFitted
    ? outOfFoldRows(prototypes, vectors, names, gold, seed)
    : vectors.map((e) => scoreEmbedding(prototypes, e, final.logitScale, final.scoring));
  const report = probabilityCalibrationReport(before, after, gold, 1 / final.logitScale, {
    fitted_on: 'evaluation-set',
    ...measuredOn,
  });
  const measured = new Map(kept.map((r, k) => [r.index, after[k] as number[]]));
  return {
    fitted: true,
    scoring: final.scoring,
    logitScale: final.logitScale,
    calibration: { ...report, ...(final.choice ? { zero_shot_scoring: final.choice } : {}) },
    rows: embeddings.map((e, i) => measured.get(i) ?? scoreEmbedding(prototypes, e, final.logitScale, final.scoring)),
    measuredOn,
  };
}

/** Each text's probabilities under the rule and temperature chosen on the other folds (stratified, seeded). */
function outOfFoldRows(
  prototypes: LabelPrototypes,
  vectors: readonly Float32Array[],
  names: readonly string[],
  gold: readonly number[],
  seed: number,
): number[][] {
  const folds = stratifiedFolds(gold, CROSS_FIT_FOLDS, seed);
  const rows = new Array<number[]>(vectors.length);
  for (let fold = 0; fold < CROSS_FIT_FOLDS; fold += 1) {
    const rest = folds.flatMap((f, i) => (f === fold ? [] : [i]));
    const fit = chooseZeroShotScoring(
      prototypes,
      rest.map((i) => vectors[i] as Float32Array),
      rest.map((i) => names[i] as string),
    );
    folds.forEach((f, i) => {
      if (f === fold) rows[i] = scoreEmbedding(prototypes, vectors[i] as Float32Array, fit.logitScale, fit.scoring);
    });
  }
  return rows;
}
