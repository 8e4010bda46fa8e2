// A zero-shot model's scoring rule (pooled or mean direction), chosen on its labelled texts by calibrated likelihood.
import { fitTemperature, meanNegativeLogLikelihood } from '../training/calibration.js';
import type { ZeroShotScoringChoice } from '../shared/types.js';
import { DEFAULT_LOGIT_SCALE, zeroShotLogits, type LabelPrototypes, type ZeroShotScoring } from './zero-shot.js';

/**
 * Fewest labelled texts, and labels among them, the choice is made on. Each rule gets one fitted parameter (its
 * temperature), so the two likelihoods compare like for like; but below a dozen texts (four per label of a
 * three-label model) the difference between them follows a text or two, and with one label present the likelihood
 * measures no separation at all. The demo models' 24 examples are the smallest labelled set shipped; they qualify.
 */
export const MIN_SCORING_CHOICE_TEXTS = 12;
export const MIN_SCORING_CHOICE_LABELS = 2;

export interface ZeroShotCalibration {
  scoring: ZeroShotScoring;
  /** The calibrated softmax scale 1 / T of the chosen rule (the default scale without labelled texts). */
  logitScale: number;
  /** The rule chosen and each rule's likelihood; null when too few texts were labelled to choose. */
  choice: ZeroShotScoringChoice | null;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Fits each rule's temperature on the labelled texts (fitTemperature, as calibrateLogitScale does) and keeps the rule
 * with the lower mean negative log-likelihood after its fit; a tie, or fewer than MIN_SCORING_CHOICE_TEXTS texts or
 * MIN_SCORING_CHOICE_LABELS labels, keeps `pooled`. Texts whose label is not one of the model's are left out.
 */
export function chooseZeroShotScoring(
  prototypes: LabelPrototypes,
  embeddings: readonly Float32Array[],
  goldLabels: readonly string[],
): ZeroShotCalibration {
  const rows = embeddings.flatMap((embedding, i) => {
    const gold = prototypes.labels.indexOf(goldLabels[i] ?? '');
    return gold < 0 ? [] : [{ embedding, gold }];
  });
  const gold = rows.map((r) => r.gold);
  const fit = (scoring: ZeroShotScoring) => {
    const logits = zeroShotLogits(
      prototypes,
      rows.map((r) => r.embedding),
      scoring,
    );
    const temperature = fitTemperature(logits, gold);
    return { temperature, nll: meanNegativeLogLikelihood(logits, gold, temperature) };
  };
  if (rows.length === 0) return { scoring: 'pooled', logitScale: DEFAULT_LOGIT_SCALE, choice: null };
  const pooled = fit('pooled');
  if (rows.length < MIN_SCORING_CHOICE_TEXTS || new Set(gold).size < MIN_SCORING_CHOICE_LABELS)
    return { scoring: 'pooled', logitScale: 1 / pooled.temperature, choice: null };
  const mean = fit('mean');
  const scoring: ZeroShotScoring = mean.nll < pooled.nll ? 'mean' : 'pooled';
  return {
    scoring,
    logitScale: 1 / (scoring === 'mean' ? mean : pooled).temperature,
    choice: { chosen: scoring, nll_pooled: round(pooled.nll), nll_mean: round(mean.nll), examples: rows.length },
  };
}
