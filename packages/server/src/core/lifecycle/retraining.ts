// When a change of a model's examples starts a training: a few-shot model retrains at once once every label has an example.
import { ownValue } from '../shared/own-value.js';
import type { Model, Workspace } from '../shared/types.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { TrainingJob, TrainingOptions } from './types.js';

export const DEFAULT_TRAINING_OPTIONS: TrainingOptions = {
  architecture: 'auto',
  features: 'auto',
  holdout_fraction: 0.2,
  max_epochs: 200,
  seed: 1,
  deploy: false,
};

/** Whether every label of the model has at least one example (`counts`: examples per label). */
export const everyLabelHasExample = (model: Model, counts: Record<string, number>): boolean =>
  model.labels.every((l) => (ownValue(counts, l.name) ?? 0) >= 1);

/**
 * Queues the retraining of a few-shot model after its examples changed (deployed: the new version is served when
 * the training ends); null for other kinds, or while a label has no example.
 */
export async function retrainFewShot(
  lifecycle: ModelLifecycleRepository,
  workspace: Workspace,
  model: Model,
  counts?: Record<string, number>,
): Promise<TrainingJob | null> {
  if (model.type !== 'few-shot') return null;
  if (!everyLabelHasExample(model, counts ?? (await lifecycle.exampleCounts(model.id)))) return null;
  return lifecycle.createTrainingJob(workspace.id, model.id, {
    ...DEFAULT_TRAINING_OPTIONS,
    deploy: model.status === 'deployed',
  });
}
