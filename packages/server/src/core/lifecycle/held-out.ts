// The examples a training held out, with what the head trained on the rest predicted: the texts behind a version's confusion matrix.
import { invalid, notFound } from '../shared/domain-errors.js';
import type { Page, PageRequest, Workspace } from '../shared/types.js';
import type { LifecycleDeps } from './model-lifecycle.js';
import type { HeldOutFilter, HeldOutPrediction } from './types.js';

type Deps = Pick<LifecycleDeps, 'models' | 'lifecycle'>;

/** The held-out prediction of each example of `holdout` (indices into `examples`), as a version keeps them. */
export function heldOutRows(
  examples: ReadonlyArray<{ id: string; text: string; label: string }>,
  holdout: readonly number[],
  predictions: ReadonlyArray<{ predicted: number; confidence: number }>,
  labels: readonly string[],
): HeldOutPrediction[] {
  return holdout.flatMap((index, at) => {
    const example = examples[index];
    const prediction = predictions[at];
    const predictedLabel = prediction && labels[prediction.predicted];
    if (!example || !prediction || predictedLabel === undefined) return [];
    return [
      {
        exampleId: example.id,
        text: example.text,
        label: example.label,
        predictedLabel,
        confidence: prediction.confidence,
      },
    ];
  });
}

/**
 * A page of what version `version` of the model held out, filtered by gold label and predicted label (one cell of the
 * confusion matrix with both). Refuses a multi-label model (no confusion matrix) and labels not of the version; a
 * version that keeps no held-out texts (evaluated, imported, or trained before they were kept) is not found.
 */
export async function listHeldOut(
  deps: Deps,
  workspace: Workspace,
  modelId: number,
  version: number,
  page: PageRequest,
  filter: HeldOutFilter,
): Promise<Page<HeldOutPrediction>> {
  const model = await deps.models.get(workspace.id, modelId);
  if (!model) throw notFound(`model ${modelId}`);
  if (model.config.multi_label === true)
    throw invalid(
      'model_id',
      `model ${modelId} is multi-label: each label is scored on its own, so it has no confusion matrix to open`,
    );
  const stored = await deps.lifecycle.getVersion(model.id, version);
  if (!stored) throw notFound(`version ${version} of model ${modelId}`);
  const names = stored.labels.map((l) => l.name);
  for (const [field, value] of [
    ['label', filter.label],
    ['predicted_label', filter.predictedLabel],
  ] as const)
    if (value !== undefined && !names.includes(value))
      throw invalid(field, `"${value}" is not a label of version ${version} of model ${modelId}`);
  const split = stored.config.split as { holdout?: unknown } | undefined;
  const heldOut = typeof split?.holdout === 'number' ? split.holdout : undefined;
  if (heldOut === undefined || (heldOut > 0 && !(await deps.lifecycle.keepsHeldOut(model.id, version))))
    throw notFound(
      `the held-out texts of version ${version} of model ${modelId} (its metrics come from an evaluation or an import, or it was trained before they were kept: train the model again to keep them)`,
    );
  return deps.lifecycle.heldOut(model.id, version, page, filter);
}
