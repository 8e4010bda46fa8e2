// Public entry of @textclass/model-tools: the encoder builders and committed-encoder archives, the evaluations of
// encoders and heads, and the in-process measurements the benchmarks use.

// Encoder building: the English and multilingual static encoders, their committed archives, synthetic-graph fusion.
export {
  buildDefaultEncoder,
  DEFAULT_TABLE_OPTIONS,
  winkSource,
  type DefaultEncoderBuildOptions,
  type DefaultEncoderBuildResult,
  type TableOptions,
} from './english-encoder-build.js';
export {
  buildMultilingualEncoder,
  MULTILINGUAL_ENCODER_ID,
  type MultilingualBuildOptions,
  type MultilingualBuildResult,
} from './multilingual-encoder-build.js';
export {
  debianPackages,
  DICTD_DIR,
  freedictPairs,
  LANGUAGE_SOURCES,
  type LanguageSource,
} from './multilingual/sources.js';
export { EDICT_PATH } from './multilingual/edict.js';
export { writeStaticEncoder, type StaticEncoderSpec, type WrittenEncoder } from './static-encoder-writer.js';
export {
  COMMITTED_MODELS_DIR,
  committedEncoderDir,
  compareWithCommitted,
  packCommittedEncoder,
} from './committed-encoder-pack.js';
export { fusionReport, type FusionReport } from './fusion-report.js';

// Evaluation: heads on the labelled sets (npm run eval), encoders on the multilingual set (npm run eval:encoder).
export { readEvalSet, type EvalSet, type LabelledText } from './eval-models/sets.js';
export { embedAll, prepareTask } from './eval-models/prepare.js';
export {
  fewShot,
  fewShotReference,
  fineTuned,
  sampleK,
  zeroShot,
  type FineTuned,
  type PreparedTask,
  type Scores,
} from './eval-models/methods.js';
export { languageTable, observations, overallTable, referenceTable, type MethodResult } from './eval-models/report.js';
export { qualityPage, type QualityPage, type SetSummary } from './eval-models/page.js';
export { coverageTable, type CoverageRow, type DecidedCounts } from './eval-models/coverage-table.js';
export { retrievalTop1, throughput, zeroShotAccuracy } from './eval-encoder/metrics.js';
export {
  evaluateEncoder,
  type EncoderEvalItem,
  type EncoderEvalRow,
  type EncoderEvaluation,
  type EncoderSpeed,
} from './eval-encoder/evaluate-encoder.js';

// Measurement in process, for the benchmarks: encoders under test, bare session runs, embed() throughput, texts.
export { percentile, round } from './bench/stats.js';
export { makeTexts } from './bench/texts.js';
export { rowTexts } from './bench/row-texts.js';
export { neuralDefaultSubject, staticSubject, transformerSubject, type Subject } from './bench/subjects.js';
export { RawBench, type RawLimits, type RawResult } from './bench/raw-ceiling.js';
export { EncoderCeiling, type EncoderRow } from './bench/encoder-ceiling.js';
export type { ServedShape } from './bench/calls-in-flight.js';

// The joint default encoder: the gloss that lets the English neural encoder read the multilingual table's languages.
export { buildGlossTable, FOREIGN_ROW, NO_GLOSS, type GlossTable } from './joint/gloss-table-build.js';
export { nearestRows } from './joint/nearest-rows.js';
