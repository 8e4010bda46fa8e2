// Domain objects → the contract's JSON shapes.
import { effectiveLabelThresholds } from '../../../core/classification/label-thresholds.js';
import { datasetKey } from '../../../core/datasets/dataset-keys.js';
import type { ApiKeyRecord, Dataset, DatasetRecord, Model } from '../../../core/shared/types.js';
import type { ResponseBody } from './wire.js';
import { multiLabelCutoffs } from '../../../core/classification/multi-label-cutoffs.js';

type ModelBody = ResponseBody<'getModel', 200>;
type DatasetBody = ResponseBody<'getDataset', 200>;
type RecordBody = ResponseBody<'pushDatasetRecord', 201>;
type ApiKeyBody = ResponseBody<'revokeApiKey', 200>;

export function presentModelSummary(model: Model) {
  return { id: model.id, name: model.name, type: model.type, status: model.status };
}

/** A model as listModels shows it: the summary with its accuracy and last training (what a list of models shows). */
export function presentModelListItem(model: Model) {
  return {
    ...presentModelSummary(model),
    accuracy: model.metrics.accuracy ?? null,
    last_trained: model.lastTrained ? model.lastTrained.toISOString() : null,
  };
}

export function presentModel(model: Model): ModelBody {
  return {
    ...presentModelSummary(model),
    description: model.description ?? null,
    labels: model.labels.map((l) => l.name),
    metrics: model.metrics,
    training_examples: model.trainingExamples,
    last_trained: model.lastTrained ? model.lastTrained.toISOString() : null,
    confidence_threshold: model.confidenceThreshold,
    label_thresholds: effectiveLabelThresholds(model),
    target_precision: model.config.target_precision ?? null,
    version: model.version,
    previous_version: model.previousVersion,
    encoder: model.config.encoder,
    multi_label: model.config.multi_label === true,
    ...(model.config.multi_label === true
      ? {
          multi_label_cutoffs: Object.fromEntries(
            model.labels.map((l, k) => [
              l.name,
              multiLabelCutoffs(
                model.config,
                model.labels.map((x) => x.name),
              )[k] as number,
            ]),
          ),
        }
      : {}),
  };
}

export function presentDataset(dataset: Dataset): DatasetBody {
  return {
    id: dataset.id,
    key: datasetKey(dataset.id),
    name: dataset.name,
    columns: dataset.columns,
    text_column: dataset.textColumn,
    model_ids: dataset.modelIds,
    status: dataset.status,
    row_count: dataset.rowCount,
    created_at: dataset.createdAt.toISOString(),
  };
}

export function presentRecord(record: DatasetRecord): RecordBody {
  return {
    id: record.id,
    dataset_id: datasetKey(record.datasetId),
    values: record.values,
    metadata: record.metadata,
    classifications: record.classifications,
    needs_review: record.needsReview,
    skipped_models: record.skippedModels,
    failed_models: record.failedModels,
    created_at: record.createdAt.toISOString(),
  };
}

export function presentApiKey(key: ApiKeyRecord): ApiKeyBody {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    prefix: key.prefix,
    last_four: key.lastFour,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    revoked_at: key.revokedAt ? key.revokedAt.toISOString() : null,
  };
}
