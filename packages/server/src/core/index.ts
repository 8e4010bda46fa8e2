// Public entry of the domain core (@textclass/server/core): the encoder port, zero-shot scoring, head training and evaluation, the in-process rate limiter.
export type { Encoder } from './ports/encoders.js';
export type { LabelDefinition } from './shared/types.js';
export { DomainError } from './shared/domain-errors.js';
export { seededRandom } from './shared/seeded-random.js';
export { mean, sampleStandardDeviation } from './shared/statistics.js';
export { dot } from './classification/vectors.js';
export {
  buildPrototypes,
  calibrateLogitScale,
  DEFAULT_LOGIT_SCALE,
  labelTexts,
  scoreEmbedding,
  zeroShotHead,
  zeroShotLogits,
  type ZeroShotScoring,
} from './classification/zero-shot.js';
export { chooseZeroShotScoring, type ZeroShotCalibration } from './classification/zero-shot-scoring-choice.js';
export { calibrateZeroShotOnSet } from './classification/zero-shot-set-calibration.js';
export { argmaxRows, evaluate, type Evaluation } from './training/evaluation.js';
export { trainFewShotHead } from './training/few-shot.js';
export { clearsCutoff, CUTOFF_WILSON_Z, fitLabelCutoffs } from './training/label-cutoffs.js';
export { fewShotOutOfFold } from './training/few-shot-out-of-fold.js';
export { forward, logitRows } from './training/head-parameters.js';
export { clauseFeatures, clauseParts, featureRow, type HeadFeatures } from './training/clause-features.js';
export { fitHead, type FitOptions, type FittedHead } from './training/fit.js';
export { candidateRecipes, type RecipeFamily } from './training/recipe-candidates.js';
export { expectedCalibrationError, fitTemperature, reliabilityTable, softmaxAt } from './training/calibration.js';
export { eceNoiseFloor } from './training/ece-noise-floor.js';
export { shuffled, stratifiedSplit } from './training/split.js';
export { trainHead, type LabelledEmbedding, type TrainOptions } from './training/trainer.js';
export type { RateLimiter } from './ports/rate-limits.js';
export { InProcessRateLimiter } from './tenancy/rate-limiter.js';
export { buildDemoModel, DEMO_MODELS } from './demo/seed.js';
