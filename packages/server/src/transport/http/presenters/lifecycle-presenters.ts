// Model lifecycle objects → the contract's JSON shapes (training jobs, versions, suggestions).
import type { LabelSuggestion } from '../../../core/lifecycle/suggestions.js';
import type { ModelVersion, TrainingJob } from '../../../core/lifecycle/types.js';
import type { Model } from '../../../core/shared/types.js';
import type { ResponseBody } from './wire.js';

type TrainingJobBody = ResponseBody<'getTrainingJob', 200>;
type VersionBody = ResponseBody<'listModelVersions', 200>['data'][number];
type SuggestionBody = ResponseBody<'suggestLabels', 200>['data'][number];

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function presentTrainingJob(job: TrainingJob): TrainingJobBody {
  return {
    id: job.id,
    model_id: job.modelId,
    status: job.status,
    stage: job.stage,
    progress: job.progress,
    epoch: job.epoch,
    max_epochs: job.maxEpochs,
    loss: job.loss,
    version: job.version,
    error: job.error,
    options: job.options,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
  };
}

export function presentVersion(model: Model, version: ModelVersion): VersionBody {
  return {
    version: version.version,
    labels: version.labels.map((l) => l.name),
    metrics: version.metrics,
    training_examples: version.trainingExamples,
    trained_at: iso(version.trainedAt),
    has_head: version.hasHead,
    serving: model.status === 'deployed' && model.version === version.version,
    created_at: version.createdAt.toISOString(),
  };
}

export function presentSuggestion(suggestion: LabelSuggestion): SuggestionBody {
  return {
    record_id: suggestion.recordId,
    text: suggestion.text,
    label: suggestion.label,
    confidence: suggestion.confidence,
    uncertainty: suggestion.uncertainty,
  };
}
