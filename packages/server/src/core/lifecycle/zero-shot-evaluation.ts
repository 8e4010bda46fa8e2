// A single-label zero-shot model's evaluation: its scoring rule and temperature fitted on the labelled set, stored with the version.
import type { Encoder } from '../ports/encoders.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { Model, ModelMetrics } from '../shared/types.js';
import { argmaxRows, evaluate } from '../training/evaluation.js';
import { buildPrototypes } from '../classification/zero-shot.js';
import { calibrateZeroShotOnSet } from '../classification/zero-shot-set-calibration.js';
import { detailedMetrics } from './detailed-metrics.js';
import type { LabelledText } from './types.js';

/**
 * Fits the rule and temperature on the set (zero-shot-set-calibration.ts) and stores them in the version's config,
 * which the served head reads, with the metrics of the version as it serves from now on: its predictions on the set,
 * out of fold as the calibration report's ECE (`measured_on`, `folds`), and the calibration report. Too few texts fit nothing: the version keeps its config and its calibration report, and
 * `calibration_not_fitted` says why.
 */
export async function evaluateZeroShotVersion(
  lifecycle: ModelLifecycleRepository,
  encoder: Encoder,
  model: Model & { version: number },
  examples: readonly LabelledText[],
  served: readonly number[][],
  embeddings: () => Promise<Float32Array[]>,
): Promise<ModelMetrics> {
  const prototypes = await buildPrototypes(encoder, model.labels);
  const vectors = await embeddings();
  const gold = examples.map((e) => prototypes.labels.indexOf(e.label));
  const fit = calibrateZeroShotOnSet(
    prototypes,
    vectors,
    examples.map((e) => e.label),
    served,
  );
  if (!fit.fitted) {
    const metrics: ModelMetrics = {
      ...detailedMetrics(evaluate(gold, argmaxRows(served), prototypes.labels), examples.length),
      measured_on: 'evaluation-set',
      ...(model.metrics.calibration ? { calibration: model.metrics.calibration } : {}),
      calibration_not_fitted: fit.notFitted,
    };
    await lifecycle.setVersionMetrics(model.id, model.version, metrics, new Date());
    return metrics;
  }
  // The rule was chosen on these texts: scored by it in-sample they would read optimistic, so each text is scored as
  // the calibration's ECE is, by the rule and temperature fitted on the other folds (in-sample from 12 to 14 texts).
  const metrics: ModelMetrics = {
    ...detailedMetrics(evaluate(gold, argmaxRows(fit.rows), prototypes.labels), examples.length),
    ...fit.measuredOn,
    calibration: fit.calibration,
  };
  await lifecycle.setVersionMetrics(model.id, model.version, metrics, new Date(), {
    logitScale: fit.logitScale,
    zeroShotScoring: fit.scoring,
  });
  return metrics;
}
