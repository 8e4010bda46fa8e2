// The review loop: a model's records that need a human label, least confident first (with the active-learning suggestions beside them), and answers that become the model's training examples.
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { ModelRepository } from '../ports/repositories.js';
import type { ReviewItem, ReviewRepository } from '../ports/review.js';
import type { Page, PageRequest, Workspace } from '../shared/types.js';
import { ownValue } from '../shared/own-value.js';
import type { LabelSuggestion, LabelSuggestions } from './suggestions.js';
import { TRAINED_KINDS } from './types.js';

/** Rows of a dataset the suggestions score (the newest), as `suggestLabels` does by default. */
const SUGGESTION_SCAN = 1000;

export interface ReviewListing {
  page: Page<ReviewItem>;
  /** Present when suggestions were asked for. */
  suggestions?: LabelSuggestion[];
}

export interface ReviewAnswer {
  modelId: number;
  recordId: string;
  datasetId: number;
  label: string;
  /** False when the record had already been answered with this label (nothing changed). */
  created: boolean;
}

interface Deps {
  models: ModelRepository;
  review: ReviewRepository;
  suggestions: Pick<LabelSuggestions, 'suggest'>;
}

export class ReviewQueue {
  constructor(private readonly deps: Deps) {}

  async list(
    workspace: Workspace,
    modelId: number,
    page: PageRequest,
    options: { datasetId?: number | undefined; suggestions: number },
  ): Promise<ReviewListing> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (options.suggestions > 0 && options.datasetId === undefined)
      throw new DomainError('MISSING_REQUIRED_FIELD', 'dataset_id is required with suggestions');
    const [queue, suggested] = await Promise.all([
      this.deps.review.queue(workspace.id, model.id, page, options.datasetId),
      options.suggestions > 0
        ? this.deps.suggestions.suggest(workspace, model.id, options.datasetId as number, {
            strategy: 'margin',
            scan: SUGGESTION_SCAN,
            limit: options.suggestions,
          })
        : undefined,
    ]);
    return suggested === undefined ? { page: queue } : { page: queue, suggestions: suggested.items };
  }

  async answer(workspace: Workspace, modelId: number, recordId: string, label: string): Promise<ReviewAnswer> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (!TRAINED_KINDS.has(model.type))
      throw invalid('model_id', `a ${model.type} model does not learn from labelled examples`);
    if (!model.labels.some((l) => l.name === label)) {
      const known = model.labels.map((l) => `"${l.name}"`).join(', ');
      throw invalid('label', `model ${model.id} has no label "${label}" (its labels: ${known})`);
    }
    const found = await this.deps.review.record(workspace.id, recordId);
    if (!found) throw notFound(`record ${recordId}`);
    const text = ownValue(found.record.values, found.textColumn);
    if (typeof text !== 'string' || text.trim() === '')
      throw invalid('record_id', `record ${recordId} has no text to learn from`);
    const outcome = await this.deps.review.answer(model.id, recordId, label, text);
    if (!outcome.stored && outcome.label !== label)
      throw new DomainError(
        'CONFLICT',
        `label: record ${recordId} was already answered "${outcome.label}" for model ${model.id}; change an example with addModelExamples`,
      );
    return { modelId: model.id, recordId, datasetId: found.record.datasetId, label, created: outcome.stored };
  }
}
