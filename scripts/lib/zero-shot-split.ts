// One split of a zero-shot model calibrated as an evaluation calibrates it: fitted on the training part, measured on the held-out part.
import {
  buildPrototypes,
  calibrateZeroShotOnSet,
  DEFAULT_LOGIT_SCALE,
  scoreEmbedding,
  type Encoder,
} from '@textclass/server/core';
import type { prepareTask } from '@textclass/model-tools';

type PreparedTask = Awaited<ReturnType<typeof prepareTask>>;

export interface ZeroShotSplit {
  /** Held-out rows as an uncalibrated model serves them (pooled, the default scale). */
  before: number[][];
  /** Held-out rows under the rule and scale an evaluation on the training part fits. */
  after: number[][];
  gold: number[];
  scoring: string;
  temperature: number;
  /** The ECE after that the evaluation's metrics report (out of fold on the training part). */
  reportedEce: number | null;
  /** The accuracy the evaluation's metrics report on the training part: out of fold, as its ECE. */
  reportedAccuracy: number;
  /** The same texts scored in-sample by the rule and scale fitted on all of them (what the metrics reported before). */
  inSampleAccuracy: number;
}

const accuracyOf = (rows: readonly number[][], gold: readonly number[]) =>
  rows.filter((row, i) => row.indexOf(Math.max(...row)) === gold[i]).length / rows.length;

export async function zeroShotSplit(task: PreparedTask, encoder: Encoder): Promise<ZeroShotSplit> {
  const prototypes = await buildPrototypes(encoder, task.labels);
  const trainVectors = task.train.map((e) => e.embedding);
  const trainGold = task.train.map((e) => e.label);
  const fit = calibrateZeroShotOnSet(
    prototypes,
    trainVectors,
    task.train.map((e) => prototypes.labels[e.label] ?? ''),
    trainVectors.map((e) => scoreEmbedding(prototypes, e, DEFAULT_LOGIT_SCALE)),
  );
  if (!fit.fitted) throw new Error(`the training part was too small to calibrate: ${fit.notFitted.reason}`);
  return {
    before: task.test.map((e) => scoreEmbedding(prototypes, e.embedding, DEFAULT_LOGIT_SCALE)),
    after: task.test.map((e) => scoreEmbedding(prototypes, e.embedding, fit.logitScale, fit.scoring)),
    gold: task.test.map((e) => e.label),
    scoring: fit.scoring,
    temperature: 1 / fit.logitScale,
    reportedEce: fit.calibration.ece_after,
    reportedAccuracy: accuracyOf(fit.rows, trainGold),
    inSampleAccuracy: accuracyOf(
      trainVectors.map((e) => scoreEmbedding(prototypes, e, fit.logitScale, fit.scoring)),
      trainGold,
    ),
  };
}
