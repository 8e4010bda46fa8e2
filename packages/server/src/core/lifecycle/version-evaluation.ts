// An evaluation of a model's served version on a labelled set: its metrics (single- or multi-label), kept in the model's evaluation history.
import { invalid } from '../shared/domain-errors.js';
import type { Model, ModelMetrics } from '../shared/types.js';
import { argmaxRows, evaluate } from '../training/evaluation.js';
import { multiLabelCutoffs } from '../classification/multi-label-cutoffs.js';
import { detailedMetrics } from './detailed-metrics.js';
import { embedInChunks } from './embed-in-chunks.js';
import type { ModelRunners } from '../classification/model-runners.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { ModelEvaluationRepository, NewModelEvaluation } from '../ports/model-records.js';
import { TRAINED_KINDS } from './types.js';
import { normaliseExamples, type ExampleInput } from './multi-label-examples.js';
import { evaluateMultiLabelRows } from './multi-label-evaluation.js';
import { fitZeroShotCutoffs } from './zero-shot-cutoffs.js';
import { evaluateZeroShotVersion } from './zero-shot-evaluation.js';

/** Where an evaluation's labelled set came from. */
export type EvaluationOrigin = Pick<NewModelEvaluation, 'source' | 'datasetId'>;

/**
 * Scores the served version on the examples and keeps the metrics as an evaluation of it. A trained version keeps
 * the metrics its training measured (and the cut-offs it fitted); a zero-shot or llm version, which no training
 * measures, also shows them as its metrics; a zero-shot multi-label model fits its per-label cut-offs on the set, a
 * single-label one its scoring rule and temperature (zero-shot-evaluation.ts).
 */
export async function evaluateServedVersion(
  deps: {
    lifecycle: ModelLifecycleRepository;
    evaluations: ModelEvaluationRepository;
    encoders: EncoderProvider;
    runners: ModelRunners;
  },
  model: Model,
  input: ExampleInput[],
  field: string,
  origin: EvaluationOrigin = { source: 'examples', datasetId: null },
): Promise<ModelMetrics> {
  if (model.version === null) throw invalid('model_id', `model ${model.id} has no version yet; train it first`);
  const multiLabel = model.config.multi_label === true;
  const examples = normaliseExamples(model.labels, multiLabel, input, field);
  const head = await deps.runners.headFor(model);
  const encoder = deps.encoders.get(model.config.encoder);
  const texts = examples.map((e) => e.text);
  let embedded: Promise<Float32Array[]> | undefined;
  const embeddings = () => (embedded ??= embedInChunks(encoder, texts, undefined, { workspaceId: model.workspaceId }));
  const rows = await head.predict({ texts, embeddings });
  const gold = examples.map((e) => head.labels.indexOf(e.label));
  if (multiLabel && model.type === 'zero-shot') {
    // A zero-shot multi-label model calibrates each label's cut-off on the labelled set (see zero-shot-cutoffs.ts).
    const fitted = fitZeroShotCutoffs(rows, examples, head.labels, multiLabelCutoffs(model.config, head.labels));
    await deps.lifecycle.setVersionMetrics(model.id, model.version, fitted.metrics, new Date(), {
      multi_label_cutoffs: fitted.cutoffs,
    });
    await deps.evaluations.add({ modelId: model.id, version: model.version, metrics: fitted.metrics, ...origin });
    return fitted.metrics;
  }
  if (model.type === 'zero-shot') {
    const version = { ...model, version: model.version };
    const metrics = await evaluateZeroShotVersion(deps.lifecycle, encoder, version, examples, rows, embeddings);
    await deps.evaluations.add({ modelId: model.id, version: model.version, metrics, ...origin });
    return metrics;
  }
  const metrics: ModelMetrics = {
    ...(multiLabel
      ? evaluateMultiLabelRows(rows, examples, head.labels, multiLabelCutoffs(model.config, head.labels))
      : detailedMetrics(evaluate(gold, argmaxRows(rows), head.labels), examples.length)),
    // The cut-offs the training fitted stay with the version: an evaluation measures it, it does not refit them.
    ...keptCutoffs(model.metrics),
  };
  // A training's held-out metrics are the version's; an evaluation joins the history beside them, never over them.
  if (!TRAINED_KINDS.has(model.type))
    await deps.lifecycle.setVersionMetrics(model.id, model.version, metrics, new Date());
  await deps.evaluations.add({ modelId: model.id, version: model.version, metrics, ...origin });
  return metrics;
}

/** The training-time cut-off fields of a version's metrics, which an evaluation keeps. */
function keptCutoffs(metrics: ModelMetrics): Pick<ModelMetrics, 'cutoffs' | 'cutoff_summary'> {
  return {
    ...(metrics.cutoffs === undefined ? {} : { cutoffs: metrics.cutoffs }),
    ...(metrics.cutoff_summary === undefined ? {} : { cutoff_summary: metrics.cutoff_summary }),
  };
}
